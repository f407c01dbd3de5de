import Foundation

extension TwinPushHandler {
    /// `POST …/devices/{device}/search_notifications` (TwinPushWireProtocol.md §5.10): the notifications sent to this device,
    /// newest first (*fake-specific* order), filtered by `tags` (all present) and `no_tags` (none present) on the
    /// REST tags, which include `tp_rich` for rich notifications (iOS and Android filter on it).
    static func searchNotifications(
        _ context: inout VendorContext, state: TwinPushState, device index: Int
    ) throws(TwinPushFailure) -> FakeResponse {
        let body = body(context)
        let tags = try tagFilter(body["tags"], name: "tags")
        let noTags = try tagFilter(body["no_tags"], name: "no_tags")
        let device = state.device(index)
        var found: [(TwinPush.Notification, TwinPushContent)] = []
        for received in state.records[index].received.reversed() where !received.hidden {
            guard let record = state.notifications[received.notificationID] else { continue }
            let content = record.content(forDevice: device)
            if matches(content.restTags, all: tags, none: noTags) { found.append((record.notification, content)) }
        }
        let pagination = try TwinPushPagination(body: body)
        let page = found[pagination.range(in: found.count)].map { TwinPushWire.notification($0.0, content: $0.1) }
        return .json(200, pagination.envelope(page, total: found.count))
    }

    /// `GET …/devices/{device}/inbox` (§5.11): the device's alias inbox, newest first. Query keys come as
    /// `tags[]` (iOS, raw brackets) or `tags%5B%5D` (Android), which decode alike; plain `tags` works too.
    static func inbox(
        _ context: inout VendorContext, state: TwinPushState, device index: Int
    ) throws(TwinPushFailure) -> FakeResponse {
        let (alias, app) = try requireAlias(of: index, state: state)
        let query = context.request.queryItems
        let tags = query.filter { $0.name == "tags[]" || $0.name == "tags" }.map(\.value)
        let noTags = query.filter { $0.name == "no_tags[]" || $0.name == "no_tags" }.map(\.value)
        var found: [JSON] = []
        var total = 0
        let pagination = try TwinPushPagination(query: query)
        let range = pagination.range(in: Int.max)
        for item in state.inbox(alias: alias, app: app).reversed() {
            guard let record = state.notifications[item.notificationID] else { continue }
            let content = record.content(forKey: item.overrideKey)
            guard matches(content.restTags, all: tags, none: noTags) else { continue }
            if range.contains(total) {
                let notification = TwinPushWire.notification(record.notification, content: content)
                found.append(TwinPushWire.inboxItem(item, notification: notification))
            }
            total += 1
        }
        return .json(200, pagination.envelope(found, total: total))
    }

    /// `GET …/devices/{device}/inbox_summary` (§5.12): `{"total_count":N,"unopened_count":M}` for the alias inbox.
    static func inboxSummary(
        _ context: inout VendorContext, state: TwinPushState, device index: Int
    ) throws(TwinPushFailure) -> FakeResponse {
        let (alias, app) = try requireAlias(of: index, state: state)
        let items = state.inbox(alias: alias, app: app)
        let unopened = items.reduce(0) { $0 + ($1.openedAt == nil ? 1 : 0) }
        return .json(200, ["total_count": .int(items.count), "unopened_count": .int(unopened)])
    }

    /// `GET …/devices/{device}/notifications/{notification}` (§5.13): the bare object plus `objects: [same]`, as
    /// this device sees it (its `multiple_*` overrides applied).
    static func getNotification(
        _ context: inout VendorContext, state: inout TwinPushState, services: inout VendorServices
    ) throws(TwinPushFailure) -> FakeResponse {
        let index = try requireDevice(&context, state: state)
        let device = state.device(index)
        let record = try requireNotification(context.parameter("notification"), app: device.appID, state: state)
        let object = TwinPushWire.notification(record.notification, content: record.content(forDevice: device))
        return .json(200, TwinPushWire.detail(object))
    }

    /// `DELETE …/devices/{device}/notifications/{notification}` (§5.14): takes the notification out of the
    /// device's alias inbox and hides it from the device's `search_notifications`; 404 `NotificationNotFound`
    /// when it is in neither.
    static func deleteInboxNotification(
        _ context: inout VendorContext, state: inout TwinPushState, services: inout VendorServices
    ) throws(TwinPushFailure) -> FakeResponse {
        let index = try requireDevice(&context, state: state)
        let device = state.device(index)
        let id = context.parameter("notification")
        _ = try requireNotification(id, app: device.appID, state: state)
        var removed = false
        if let alias = device.alias {
            removed = state.removeFromInbox(alias: alias, app: device.appID, notification: id)
        }
        if let position = state.records[index].received.lastIndex(where: {
            $0.notificationID.hasSameBytes(as: id) && !$0.hidden
        }) {
            state.records[index].received[position].hidden = true
            removed = true
        }
        guard removed else {
            throw TwinPushFailure(
                .notificationNotFound, "Notification \(id) is not in the inbox of device \(device.id)")
        }
        return ok
    }

    /// The alias of the calling device; 422 `AliasNotSet` without one (*fake-specific*, FakeBehaviour.md).
    private static func requireAlias(
        of index: Int, state: TwinPushState
    ) throws(TwinPushFailure) -> (alias: String, app: String) {
        let device = state.device(index)
        guard let alias = device.alias else {
            throw TwinPushFailure(
                .aliasNotSet, "Device \(device.id) has no alias_device: the alias inbox needs one (register it)")
        }
        return (alias, device.appID)
    }

    private static func tagFilter(_ value: JSON?, name: String) throws(TwinPushFailure) -> [String] {
        guard let value, !value.isNull else { return [] }
        guard let tags = stringList(value) else {
            throw TwinPushFailure(.badRequest, "\(name) must be an array of strings")
        }
        return tags
    }
}

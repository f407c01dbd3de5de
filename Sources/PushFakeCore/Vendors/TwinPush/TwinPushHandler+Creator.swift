import Foundation

extension TwinPushHandler {
    /// `GET /apps/{app}/notifications/{notification}` (TwinPushWireProtocol.md §9): the bare object plus `objects: [same]`.
    /// *Fake-specific*: no token is checked (DOCS do not name one). The same path is what iOS sends for the
    /// notification detail when it has no device id (§8), and this answer suits it too.
    static func showNotification(
        _ context: inout VendorContext, state: inout TwinPushState, services: inout VendorServices
    ) throws(TwinPushFailure) -> FakeResponse {
        let record = try requireNotification(context, state: state).record
        let object = TwinPushWire.notification(record.notification, content: record.baseContent, forBackend: true)
        return .json(200, TwinPushWire.detail(object))
    }

    /// `DELETE /apps/{app}/notifications/{notification}` (§9, DOCS "delete notification"): removes it from the
    /// system and every alias inbox, and cancels its scheduled send; 404 `NotificationNotFound` when it is unknown.
    /// With declared apps the creator token is required (403 `InvalidCreatorToken`); without, nothing is checked, as
    /// for every call, and the DOCS' example (no header) deletes.
    ///
    /// iOS sends its inbox delete to this same path when it has no device id (§8). Such an app cannot have listed an
    /// inbox (every inbox call needs the device id), so the call is taken as the creator's; a journal note says when
    /// the creator header is missing.
    static func deleteNotification(
        _ context: inout VendorContext, state: inout TwinPushState, services: inout VendorServices
    ) throws(TwinPushFailure) -> FakeResponse {
        let id = try requireNotification(context, state: state).id
        if context.request.headers[creatorTokenHeader] == nil {
            context.notes.append("deleted without \(creatorTokenHeader): a declared app would answer 403")
        }
        guard let removal = state.remove(notification: id) else {
            throw TwinPushFailure(.notificationNotFound, "Notification not found for notification_id \(id)")
        }
        var note = "notification \(id) deleted"
        if !removal.inboxAliases.isEmpty {
            note += ", removed from \(removal.inboxAliases.count) alias inboxes"
        }
        if removal.cancelledSchedule { note += ", its scheduled send cancelled" }
        context.notes.append(note)
        return ok
    }

    /// `GET /apps/{app}/notifications/{notification}/report` (§9, API token).
    static func notificationReport(
        _ context: inout VendorContext, state: inout TwinPushState, services: inout VendorServices
    ) throws(TwinPushFailure) -> FakeResponse {
        return .json(200, TwinPushWire.report(try requireNotification(context, state: state).record))
    }

    /// `GET` (or `POST`, as one DOCS block says) `/apps/{app}/notifications/{notification}/deliveries` (§9, API
    /// token): paginated `{id, created_at, received_at, open_at, device}` in delivery order; `id` is a number as
    /// in the DOCS example. Failed deliveries are listed too.
    static func notificationDeliveries(
        _ context: inout VendorContext, state: inout TwinPushState, services: inout VendorServices
    ) throws(TwinPushFailure) -> FakeResponse {
        let id = try requireNotification(context, state: state).id
        let pagination =
            context.request.method == "POST"
            ? try TwinPushPagination(body: body(context)) : try TwinPushPagination(query: context.request.queryItems)
        let deliveries = services.deliveries(ofNotification: id)
        let page: [JSON] = deliveries[pagination.range(in: deliveries.count)].map { delivery in
            let device = state.deviceIndex(id: delivery.deviceID).map {
                TwinPushWire.device(state.device($0))
            }
            return [
                "id": TwinPushWire.numericID(delivery.id),
                "created_at": TwinPushWire.date(delivery.createdAt),
                "received_at": TwinPushWire.date(delivery.receivedAt),
                "open_at": TwinPushWire.date(delivery.openedAt), "device": device ?? .null,
            ]
        }
        return .json(200, pagination.envelope(page, total: deliveries.count))
    }

    /// `GET /apps/{app}/devices` (§9, API token): paginated in registration order, filtered by `alias` (ignoring
    /// case), `active` (`true` / `false`) and `date` (registration info changed since, `2014-04-21` or a full
    /// date-time). An unreadable `date` or `active` is 400 `BadRequest` (*fake-specific*).
    static func listDevices(
        _ context: inout VendorContext, state: inout TwinPushState, services: inout VendorServices
    ) throws(TwinPushFailure) -> FakeResponse {
        let query = context.request.queryItems
        func value(_ name: String) -> String? { query.last { $0.name == name }?.value }
        let alias = value("alias")?.lowercased()
        var active: Bool?
        if let text = value("active") {
            guard let flag = ["true": true, "1": true, "false": false, "0": false][text.lowercased()] else {
                throw TwinPushFailure(.badRequest, "active must be true or false")
            }
            active = flag
        }
        var since: Date?
        if let text = value("date") {
            guard let date = deviceIndexDate(text) else {
                throw TwinPushFailure(.badRequest, "date must look like 2014-04-21 or 2014-04-21T13:00:43+02:00")
            }
            since = date
        }
        let indexes = state.deviceIndexes(app: context.parameter("app")).filter { index in
            let device = state.device(index)
            if let alias, !String.sameBytes(device.alias?.lowercased(), alias) { return false }
            if let active, device.isActive != active { return false }
            if let since, device.registrationUpdatedAt < since { return false }
            return true
        }
        let pagination = try TwinPushPagination(query: query)
        let page = indexes[pagination.range(in: indexes.count)].map {
            TwinPushWire.device(state.device($0))
        }
        return .json(200, pagination.envelope(page, total: indexes.count))
    }

    /// The device index's `date` (DOCS): `2014-04-21` (midnight UTC) or a date-time such as
    /// `2014-04-21T13:00:43+02:00`. A `+` written as is in a query string decodes as a space (`…13:00:43 02:00`); a
    /// client that copies the DOCS' format into a URL sends exactly that, so a space before a final `HH:MM` or
    /// `HHMM` is read as `+` (*fake-specific*, FakeBehaviour.md).
    static func deviceIndexDate(_ text: String) -> Date? {
        if text.utf8.count == 10 { return TimeFormat.parse(text + " 00:00:00") }
        if let date = TimeFormat.parse(text) { return date }
        guard let space = text.lastIndex(of: " "), text.distance(from: text.startIndex, to: space) >= 19 else {
            return nil
        }
        let zone = text[text.index(after: space)...]
        guard zone.count == 4 || zone.count == 5, zone.first?.isNumber == true else { return nil }
        return TimeFormat.parse(text[..<space] + "+" + zone)
    }

    /// `GET /apps/{app}/devices/{device}` (§9, API token): the bare Device object, or 404 `DeviceNotFound`.
    static func showDevice(
        _ context: inout VendorContext, state: inout TwinPushState, services: inout VendorServices
    ) throws(TwinPushFailure) -> FakeResponse {
        let index = try requireDevice(&context, state: state)
        return .json(200, TwinPushWire.device(state.device(index)))
    }
}

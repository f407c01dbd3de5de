import Foundation

extension TwinPushHandler {
    /// `GET /apps/{app}/notifications/{notification}` (TwinPushWireProtocol.md §9): the bare object plus `objects: [same]`.
    /// *Fake-specific*: no token is checked (DOCS do not name one). The same path is what iOS sends for the
    /// notification detail when it has no device id (§8), and this answer suits it too.
    static func showNotification(
        _ context: inout VendorContext, state: inout TwinPushState, services: inout VendorServices
    ) throws(TwinPushFailure) -> FakeResponse {
        let record = try requireNotification(
            context.parameter("notification"), app: context.parameter("app"), state: state)
        return .json(
            200, TwinPushWire.detail(TwinPushWire.notification(record.notification, content: record.baseContent)))
    }

    /// `DELETE /apps/{app}/notifications/{notification}` (§9, creator token): removes it from the system, every
    /// alias inbox and the schedule; 404 `NotificationNotFound` when missing.
    ///
    /// *Fake-specific*: iOS sends its inbox delete on this same path when it has no device id (§8). With no
    /// declared apps (no token checks), a call without the creator header is taken to be that SDK call and answers
    /// 404 `DeviceNotFound`, so an app can never delete a notification for everybody.
    static func deleteNotification(
        _ context: inout VendorContext, state: inout TwinPushState, services: inout VendorServices
    ) throws(TwinPushFailure) -> FakeResponse {
        if !state.isStrict, context.request.headers[creatorTokenHeader] == nil {
            _ = try requireDevice(&context, state: state)
        }
        let id = context.parameter("notification")
        _ = try requireNotification(id, app: context.parameter("app"), state: state)
        state.remove(notification: id)
        return ok
    }

    /// `GET /apps/{app}/notifications/{notification}/report` (§9, API token).
    static func notificationReport(
        _ context: inout VendorContext, state: inout TwinPushState, services: inout VendorServices
    ) throws(TwinPushFailure) -> FakeResponse {
        let record = try requireNotification(
            context.parameter("notification"), app: context.parameter("app"), state: state)
        return .json(200, TwinPushWire.report(record))
    }

    /// `GET` (or `POST`, as one DOCS block says) `/apps/{app}/notifications/{notification}/deliveries` (§9, API
    /// token): paginated `{id, created_at, received_at, open_at, device}` in delivery order; `id` is a number as
    /// in the DOCS example. Failed deliveries are listed too.
    static func notificationDeliveries(
        _ context: inout VendorContext, state: inout TwinPushState, services: inout VendorServices
    ) throws(TwinPushFailure) -> FakeResponse {
        let id = context.parameter("notification")
        _ = try requireNotification(id, app: context.parameter("app"), state: state)
        let pagination =
            context.request.method == "POST"
            ? try TwinPushPagination(body: body(context)) : try TwinPushPagination(query: context.request.queryItems)
        let deliveries = services.deliveries(ofNotification: id)
        let page: [JSON] = deliveries[pagination.range(in: deliveries.count)].map { delivery in
            let device = state.deviceIndex(id: delivery.deviceID).map {
                TwinPushWire.device(state.records[$0].device)
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
            guard let date = TimeFormat.parse(text.count == 10 ? text + " 00:00:00" : text) else {
                throw TwinPushFailure(.badRequest, "date must look like 2014-04-21 or 2014-04-21T13:00:43+02:00")
            }
            since = date
        }
        let indexes = state.deviceIndexes(app: context.parameter("app")).filter { index in
            let device = state.records[index].device
            if let alias, !String.sameBytes(device.alias?.lowercased(), alias) { return false }
            if let active, device.isActive != active { return false }
            if let since, device.registrationUpdatedAt < since { return false }
            return true
        }
        let pagination = try TwinPushPagination(query: query)
        let page = indexes[pagination.range(in: indexes.count)].map {
            TwinPushWire.device(state.records[$0].device)
        }
        return .json(200, pagination.envelope(page, total: indexes.count))
    }

    /// `GET /apps/{app}/devices/{device}` (§9, API token): the bare Device object, or 404 `DeviceNotFound`.
    static func showDevice(
        _ context: inout VendorContext, state: inout TwinPushState, services: inout VendorServices
    ) throws(TwinPushFailure) -> FakeResponse {
        let index = try requireDevice(&context, state: state)
        return .json(200, TwinPushWire.device(state.records[index].device))
    }
}

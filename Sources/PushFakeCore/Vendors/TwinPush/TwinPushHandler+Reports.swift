import Foundation

extension TwinPushHandler {
    /// `POST …/notifications/{notification}/open_notification` and `…/received_notification` (TwinPushWireProtocol.md §5.6,
    /// §5.6b), app-scoped or on the receipt extension's app-less path. The body is not read: iOS always sends
    /// `open_at: "978307200"` (a constant, §5.6), Android `{}`, the receipt extension nothing.
    ///
    /// The first open (receipt) of the device's delivery sets its `openedAt` (`receivedAt`) and raises the
    /// report's `opening_count` (`received_count`); the alias inbox item gets `open_at` (`received_at`), which
    /// lowers `unopened_count`. A device that neither got a delivery nor sees the notification in its alias inbox
    /// is 404 `DeliveryNotFound`.
    ///
    /// *Fake-specific*: Android sends these without `/devices/{device}` when it is not registered (§1). Such a
    /// report is accepted (200) and counted on the notification only, as no delivery can be named.
    static func report(_ context: inout VendorContext, state: inout TwinPushState, services: inout VendorServices)
        throws(TwinPushFailure)
        -> FakeResponse
    {
        let opened = context.route.operation == .openNotification
        let id = context.parameter("notification")
        guard context.route.parameter("device") != nil else {
            _ = try requireNotification(context, state: state)
            count(opened, notification: id, state: &state)
            context.notes.append("reported without a device id: counted on the notification only")
            return ok
        }
        let index = try requireDevice(&context, state: state)
        let device = state.device(index)
        _ = try requireNotification(id, app: device.appID, state: state)
        let now = context.now
        var delivered = false
        var firstForDelivery = false
        if let received = state.records[index].received.last(where: { $0.notificationID.hasSameBytes(as: id) }) {
            delivered = true
            services.updateDelivery(id: received.deliveryID) { delivery in
                firstForDelivery = stampOnce(&delivery, opened ? \.openedAt : \.receivedAt, now)
            }
        }
        var inInbox = false
        var firstForInbox = false
        if let alias = device.alias,
            let position = state.inboxPosition(alias: alias, app: device.appID, notification: id)
        {
            inInbox = true
            state.updateInboxItem(alias: alias, app: device.appID, at: position) { item in
                firstForInbox = stampOnce(&item, opened ? \.openedAt : \.receivedAt, now)
            }
        }
        guard delivered || inInbox else {
            throw TwinPushFailure(
                .deliveryNotFound, "Delivery not found for notification \(id) and device \(device.id)")
        }
        if firstForDelivery || (!delivered && firstForInbox) { count(opened, notification: id, state: &state) }
        state.records[index].updatedAt = now
        return ok
    }

    /// Sets an open or receipt time the first time only; `true` when this call set it (reports count once).
    private static func stampOnce<Value>(_ value: inout Value, _ time: WritableKeyPath<Value, Date?>, _ now: Date)
        -> Bool
    {
        guard value[keyPath: time] == nil else { return false }
        value[keyPath: time] = now
        return true
    }

    private static func count(_ opened: Bool, notification id: String, state: inout TwinPushState) {
        if opened {
            state.notifications[id]?.notification.openingCount += 1
        } else {
            state.notifications[id]?.notification.receivedCount += 1
        }
    }
}

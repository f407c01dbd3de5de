import Foundation

extension PushFake {
    /// TwinPush devices of one app, in registration order.
    ///
    /// ```swift
    /// let devices = fake.twinPushDevices(app: "cs555ab2356a37a0")
    /// XCTAssertEqual(devices.map(\.platform), ["ios", "android"])
    /// ```
    public func twinPushDevices(app: String) -> [TwinPush.Device] {
        withVendorState(TwinPushVendor.self) { state in
            state.deviceIndexes(app: app).map { state.device($0) }
        } ?? []
    }

    /// One TwinPush device by its id, whatever its app.
    public func twinPushDevice(id: String) -> TwinPush.Device? {
        withVendorState(TwinPushVendor.self) { state in
            state.deviceIndex(id: id).map { state.device($0) }
        } ?? nil
    }

    /// TwinPush notifications of one app (scheduled ones included, deleted ones not), in creation order.
    public func twinPushNotifications(app: String) -> [TwinPush.Notification] {
        withVendorState(TwinPushVendor.self) { state in
            (state.notificationOrder[app] ?? []).compactMap { state.notifications[$0]?.notification }
        } ?? []
    }

    /// One TwinPush notification by id, or `nil` when unknown or deleted.
    public func twinPushNotification(id: String) -> TwinPush.Notification? {
        withVendorState(TwinPushVendor.self) { $0.notifications[id]?.notification } ?? nil
    }

    /// The alias inbox of a TwinPush user, oldest item first (the API lists newest first).
    public func twinPushInbox(alias: String, app: String) -> [TwinPush.InboxItem] {
        withVendorState(TwinPushVendor.self) { $0.inbox(alias: alias, app: app) } ?? []
    }

    /// TwinPush app ids in use: the declared ones, else those auto-provisioned so far (in first-use order).
    public var twinPushApps: [String] {
        withVendorState(TwinPushVendor.self) { $0.appsInUse } ?? []
    }
}

extension TwinPush.Device {
    /// The device as the TwinPush API writes it (the Device object of TwinPushWireProtocol.md §6.1).
    public var jsonValue: JSON { TwinPushWire.device(self) }
}

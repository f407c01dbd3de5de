import Foundation

extension PushFake {
    /// TwinPush devices of one app, in registration order.
    ///
    /// ```swift
    /// let devices = fake.twinPushDevices(app: "cs555ab2356a37a0")
    /// XCTAssertEqual(devices.map(\.platform), ["ios", "android"])
    /// ```
    public func twinPushDevices(app: String) -> [TwinPush.Device] {
        state.withLock { state in
            state.twinPush.deviceIndexes(app: app).map { state.twinPush.records[$0].device }
        }
    }

    /// One TwinPush device by its id, whatever its app.
    public func twinPushDevice(id: String) -> TwinPush.Device? {
        state.withLock { state in
            state.twinPush.deviceIndex(id: id).map { state.twinPush.records[$0].device }
        }
    }

    /// TwinPush notifications of one app (scheduled ones included, deleted ones not), in creation order.
    public func twinPushNotifications(app: String) -> [TwinPush.Notification] {
        state.withLock { state in
            (state.twinPush.notificationOrder[app] ?? []).compactMap { state.twinPush.notifications[$0]?.notification }
        }
    }

    /// One TwinPush notification by id, or `nil` when unknown or deleted.
    public func twinPushNotification(id: String) -> TwinPush.Notification? {
        state.withLock { $0.twinPush.notifications[id]?.notification }
    }

    /// The alias inbox of a TwinPush user, oldest item first (the API lists newest first).
    public func twinPushInbox(alias: String, app: String) -> [TwinPush.InboxItem] {
        state.withLock { $0.twinPush.inbox(alias: alias, app: app) }
    }

    /// TwinPush app ids in use: the declared ones, else those auto-provisioned so far (in first-use order).
    public var twinPushApps: [String] {
        state.withLock { state in
            state.twinPush.isStrict
                ? configuration.twinPushApps.map(\.id) : state.twinPush.autoProvisionedApps
        }
    }
}

extension TwinPush.Device {
    /// The device as the TwinPush API writes it (the Device object of TwinPushWireProtocol.md §6.1).
    public var jsonValue: JSON { TwinPushWire.device(self) }
}

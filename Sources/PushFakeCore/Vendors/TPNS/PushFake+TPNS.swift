extension PushFake {
    /// TPNS devices in registration order, of one application key or all.
    public func tpnsDevices(applicationKey: String? = nil) -> [TPNS.Device] {
        state.withLock { state in
            state.tpns.devices.filter { applicationKey == nil || $0.applicationKey == applicationKey }
        }
    }

    /// The TPNS device registered under (`applicationKey`, `deviceId`), if any.
    public func tpnsDevice(applicationKey: String, deviceId: String) -> TPNS.Device? {
        state.withLock { $0.tpns.device(TPNSState.DeviceKey(applicationKey: applicationKey, deviceId: deviceId)) }
    }

    /// Every accepted TPNS send element, in order.
    public var tpnsNotifications: [TPNS.Notification] {
        state.withLock { $0.tpns.notifications }
    }
}

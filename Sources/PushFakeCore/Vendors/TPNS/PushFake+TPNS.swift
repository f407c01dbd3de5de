extension PushFake {
    /// TPNS devices in registration order, of one application key or all.
    public func tpnsDevices(applicationKey: String? = nil) -> [TPNS.Device] {
        withVendorState(TPNSVendor.self) { state in
            state.devices.filter { applicationKey.map($0.applicationKey.hasSameBytes) ?? true }
        } ?? []
    }

    /// The TPNS device registered under (`applicationKey`, `deviceId`), if any.
    public func tpnsDevice(applicationKey: String, deviceId: String) -> TPNS.Device? {
        withVendorState(TPNSVendor.self) {
            $0.device(TPNSState.DeviceKey(applicationKey: applicationKey, deviceId: deviceId))
        } ?? nil
    }

    /// Every accepted TPNS send element, in order.
    public var tpnsNotifications: [TPNS.Notification] {
        withVendorState(TPNSVendor.self) { $0.notifications } ?? []
    }
}

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

extension TPNS.Device {
    /// The device as JSON for the admin API: wire field names, plus PushFake's own state.
    public var jsonValue: JSON {
        [
            "applicationKey": .string(applicationKey), "deviceId": .string(deviceId),
            "deviceRegistrationId": deviceRegistrationId.map(JSON.string) ?? .null,
            "applicationType": .string(applicationType), "additionalParameters": additionalParameters ?? .null,
            "active": .bool(isActive), "createdAt": .string(createdAt.pushFakeISO8601),
            "updatedAt": .string(updatedAt.pushFakeISO8601),
            "unregisteredAt": unregisteredAt.map { .string($0.pushFakeISO8601) } ?? .null,
        ]
    }
}

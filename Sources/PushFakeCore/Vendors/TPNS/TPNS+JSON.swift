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

extension TPNS.Notification {
    /// The send element as JSON for the admin API (`GET /__pushfake/notifications`): the fields it was sent with,
    /// then the outcome as the send's `results` entry reports it.
    public var jsonValue: JSON {
        [
            "notificationId": .string(notificationId), "message": .string(message),
            "handlingLevel": .int(handlingLevel), "applicationKey": .string(applicationKey),
            "applicationTypes": .array(applicationTypes.map(JSON.string)),
            "deviceIds": deviceIds.map { .array($0.map(JSON.string)) } ?? .null,
            "sentAt": .string(sentAt.pushFakeISO8601),
            "deliveredDeviceIds": .array(deliveredDeviceIds.map(JSON.string)),
            "unknownDeviceIds": .array(unknownDeviceIds.map(JSON.string)),
            "inactiveDeviceIds": .array(inactiveDeviceIds.map(JSON.string)),
            "failedDeviceIds": .array(failedDeviceIds.map(JSON.string)),
        ]
    }
}

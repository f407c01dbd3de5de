import Foundation

extension TPNS.Device: WireType {
    /// The device as the admin API shows it (`GET /__pushfake/devices`, component `TPNSDevice`): wire field names,
    /// plus PushFake's own state. State documents hold the same form, read there with the vendor's defaults
    /// (StateFormat.md).
    public static let wire = WireDescription<TPNS.Device>(
        name: "TPNSDevice", TPNS.Device(),
        fields: [
            .required("applicationKey", \.applicationKey, .text, "The app key sent at register."),
            .required("deviceId", \.deviceId, .text, "The client-generated id."),
            .optional(
                "deviceRegistrationId", \.deviceRegistrationId, .string, writesNull: true,
                "The APNs / FCM token; null when the register carried none."),
            .required("applicationType", \.applicationType, TPNS.typeCodec, "As sent at the latest register."),
            .optional(
                "additionalParameters", \.additionalParameters, .json, writesNull: true,
                "additionalParameters exactly as sent."),
            .required("active", \.isActive, .bool, "false after an unregister, until the next register."),
            .required("createdAt", \.createdAt, .timestamp, "The first register."),
            .required("updatedAt", \.updatedAt, .timestamp, "The latest register or unregister."),
            .optional(
                "unregisteredAt", \.unregisteredAt, .timestamp, writesNull: true,
                "The unregister that deactivated it; null while active."),
        ], answer: true)
}

extension TPNS.Notification: WireType {
    /// The send element as the admin API shows it (`GET /__pushfake/notifications`, component `TPNSNotification`):
    /// the fields it was sent with, then the outcome as the send's `results` entry reports it.
    public static let wire = WireDescription<TPNS.Notification>(
        name: "TPNSNotification", TPNS.Notification(),
        fields: [
            .required("notificationId", \.notificationId, .text, "The send id PushFake assigned."),
            .required("message", \.message, .string, "The notification text, as sent."),
            .required("handlingLevel", \.handlingLevel, .int(in: 1...3), "1, 2 or 3, as sent."),
            .required("applicationKey", \.applicationKey, .text, "The app whose devices were targeted."),
            .required("applicationTypes", \.applicationTypes, .array(TPNS.typeCodec), "The targeted types."),
            .optional(
                "deviceIds", \.deviceIds, .array(.string), writesNull: true,
                "The listed devices; null: every device of those types."),
            .required("sentAt", \.sentAt, .timestamp, "Fake-clock time of the send."),
            .required("deliveredDeviceIds", \.deliveredDeviceIds, .array(.string), "Devices that got a delivery."),
            .required(
                "unknownDeviceIds", \.unknownDeviceIds, .array(.string), "Listed ids never registered for the key."),
            .required(
                "inactiveDeviceIds", \.inactiveDeviceIds, .array(.string), "Unregistered devices, or without a token."),
            .required(
                "failedDeviceIds", \.failedDeviceIds, .array(.string),
                "Devices whose delivery the network would refuse."),
        ], answer: true)
}

extension TPNS {
    /// `IOS`, `IOS_SAND` or `AOS` (``TPNS/applicationTypes``).
    static let typeCodec = WireCodec<String>.name(in: applicationTypes)
}

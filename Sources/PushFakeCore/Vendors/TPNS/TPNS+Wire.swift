import Foundation

extension TPNS.Device: WireType {
    /// The device as the admin API shows it (`GET /__pushfake/devices`, component `TPNSDevice`): wire field names,
    /// plus PushFake's own state. State documents hold the same form, read there with the vendor's defaults
    /// (StateFormat.md).
    public static let wire = WireDescription<TPNS.Device>(
        name: "TPNSDevice",
        codec: TPNSDeviceForm.wire.codec.map({ form, _ in form.device }, TPNSDeviceForm.init))

    /// The device as JSON for the admin API (``wire``).
    public var jsonValue: JSON { Self.wire.write(self) }
}

extension TPNS.Notification: WireType {
    /// The send element as the admin API shows it (`GET /__pushfake/notifications`, component `TPNSNotification`):
    /// the fields it was sent with, then the outcome as the send's `results` entry reports it.
    public static let wire = WireDescription<TPNS.Notification>(
        name: "TPNSNotification",
        codec: TPNSNotificationForm.wire.codec.map({ form, _ in form.notification }, TPNSNotificationForm.init))

    /// The send element as JSON for the admin API (``wire``).
    public var jsonValue: JSON { Self.wire.write(self) }
}

/// The members of a ``TPNS/Device`` in its admin form.
struct TPNSDeviceForm: Sendable {
    var applicationKey = ""
    var deviceId = ""
    var deviceRegistrationId: String?
    var applicationType = "IOS"
    var additionalParameters: JSON?
    var active = true
    var createdAt = FakeClock.defaultEpoch
    var updatedAt = FakeClock.defaultEpoch
    var unregisteredAt: Date?

    init() {}

    init(_ device: TPNS.Device) {
        applicationKey = device.applicationKey
        deviceId = device.deviceId
        deviceRegistrationId = device.deviceRegistrationId
        applicationType = device.applicationType
        additionalParameters = device.additionalParameters
        active = device.isActive
        createdAt = device.createdAt
        updatedAt = device.updatedAt
        unregisteredAt = device.unregisteredAt
    }

    var device: TPNS.Device {
        TPNS.Device(
            applicationKey: applicationKey, deviceId: deviceId, deviceRegistrationId: deviceRegistrationId,
            applicationType: applicationType, additionalParameters: additionalParameters, isActive: active,
            createdAt: createdAt, updatedAt: updatedAt, unregisteredAt: unregisteredAt)
    }

    static let wire = WireDescription<TPNSDeviceForm>(
        TPNSDeviceForm(),
        fields: [
            .required("applicationKey", \.applicationKey, .text, "The app key sent at register."),
            .required("deviceId", \.deviceId, .text, "The client-generated id."),
            .optional(
                "deviceRegistrationId", \.deviceRegistrationId, .string, writesNull: true,
                "The APNs / FCM token; null when the register carried none."),
            .required(
                "applicationType", \.applicationType, TPNSNotificationForm.type, "As sent at the latest register."),
            .optional(
                "additionalParameters", \.additionalParameters, .json, writesNull: true,
                "additionalParameters exactly as sent."),
            .required("active", \.active, .bool, "false after an unregister, until the next register."),
            .required("createdAt", \.createdAt, .timestamp, "The first register."),
            .required("updatedAt", \.updatedAt, .timestamp, "The latest register or unregister."),
            .optional(
                "unregisteredAt", \.unregisteredAt, .timestamp, writesNull: true,
                "The unregister that deactivated it; null while active."),
        ], answer: true)
}

/// The members of a ``TPNS/Notification`` in its admin form.
struct TPNSNotificationForm: Sendable {
    var notificationId = ""
    var message = ""
    var handlingLevel = 1
    var applicationKey = ""
    var applicationTypes: [String] = []
    var deviceIds: [String]?
    var sentAt = FakeClock.defaultEpoch
    var deliveredDeviceIds: [String] = []
    var unknownDeviceIds: [String] = []
    var inactiveDeviceIds: [String] = []
    var failedDeviceIds: [String] = []

    init() {}

    init(_ notification: TPNS.Notification) {
        notificationId = notification.notificationId
        message = notification.message
        handlingLevel = notification.handlingLevel
        applicationKey = notification.applicationKey
        applicationTypes = notification.applicationTypes
        deviceIds = notification.deviceIds
        sentAt = notification.sentAt
        deliveredDeviceIds = notification.deliveredDeviceIds
        unknownDeviceIds = notification.unknownDeviceIds
        inactiveDeviceIds = notification.inactiveDeviceIds
        failedDeviceIds = notification.failedDeviceIds
    }

    var notification: TPNS.Notification {
        TPNS.Notification(
            notificationId: notificationId, message: message, handlingLevel: handlingLevel,
            applicationKey: applicationKey, applicationTypes: applicationTypes, deviceIds: deviceIds, sentAt: sentAt,
            deliveredDeviceIds: deliveredDeviceIds, unknownDeviceIds: unknownDeviceIds,
            inactiveDeviceIds: inactiveDeviceIds, failedDeviceIds: failedDeviceIds)
    }

    /// `IOS`, `IOS_SAND` or `AOS` (``TPNS/applicationTypes``).
    static let type = WireCodec<String>.name(in: TPNS.applicationTypes)

    static let wire = WireDescription<TPNSNotificationForm>(
        TPNSNotificationForm(),
        fields: [
            .required("notificationId", \.notificationId, .text, "The send id PushFake assigned."),
            .required("message", \.message, .string, "The notification text, as sent."),
            .required("handlingLevel", \.handlingLevel, .int(in: 1...3), "1, 2 or 3, as sent."),
            .required("applicationKey", \.applicationKey, .text, "The app whose devices were targeted."),
            .required("applicationTypes", \.applicationTypes, .array(type), "The targeted types."),
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

import Foundation

/// The TwinPush REST API as PushFake models it (TwinPushWireProtocol.md, FakeBehaviour.md).
///
/// The value types here are read-only snapshots of the fake's state, for assertions:
/// ```swift
/// let device = try XCTUnwrap(fake.twinPushDevice(id: deviceID))
/// XCTAssertEqual(device.badge, 0)
/// XCTAssertEqual(fake.twinPushInbox(alias: "ana", app: appID).first?.openedAt, fake.now)
/// ```
public enum TwinPush {
    /// The `platform` values a register accepts (TwinPushWireProtocol.md §5.1).
    public static let platforms = ["ios", "android", "huawei"]
    /// The `delivery_speed` values a create accepts (TwinPushWireProtocol.md §9); `normal` is the default.
    public static let deliverySpeeds = ["instant", "fast", "normal", "slow"]
    /// The target keys of a create, exactly one of which must be present (TwinPushWireProtocol.md §9, FakeBehaviour.md).
    public static let targetKeys = [
        "broadcast", "devices_ids", "devices_aliases", "segments", "target_properties", "multiple_devices",
        "multiple_alias",
    ]

    /// Limits a create is validated against, as the DOCS' parameter tables state them (TwinPushWireProtocol.md §9).
    /// Characters are Unicode scalars. `alert` and `title` follow the API reference's 255; the FAQ's 500 is not used.
    public enum Limits {
        /// Characters of `alert` (and of a per-target `alert` override).
        public static let alertLength = 255
        /// Characters of `title` and of `url` (and of per-target overrides of them).
        public static let textLength = 255
        /// Characters of `custom_properties` serialized as JSON (each object as sent: the notification's, and each
        /// per-target override's).
        public static let customPropertiesLength = 255
        /// Entries of `devices_ids`, `devices_aliases`, `multiple_devices` and `multiple_alias`.
        public static let deviceTargets = 1000
        /// Entries of `segments`.
        public static let segments = 50
        /// Properties in `target_properties`.
        public static let targetProperties = 5
        /// `per_page` is capped at this (FakeBehaviour.md, TwinPush).
        public static let perPage = 100
        /// `per_page` when it is missing, 0 or not a number.
        public static let defaultPerPage = 30
    }

    /// The type of a device custom property (TwinPushWireProtocol.md §5.8): a closed set of six.
    public enum PropertyType: String, Sendable, Equatable, CaseIterable {
        /// `"string"`: a JSON string.
        case string
        /// `"boolean"`: `true` / `false` (also `1` / `0`, which iOS sends for a plain `@1`).
        case boolean
        /// `"integer"`: a number without a fraction.
        case integer
        /// `"float"`: any number.
        case float
        /// `"enum"`: a string; usable in `target_properties`.
        case enumeration = "enum"
        /// `"enum_list"`: an array of strings; usable in `target_properties`.
        case enumerationList = "enum_list"
    }

    /// One device custom property as set with `set_custom_property`.
    public struct CustomProperty: Sendable, Equatable {
        /// The property name as sent.
        public internal(set) var name: String
        /// The type sent with the value.
        public internal(set) var type: PropertyType
        /// The value as sent (a boolean sent as `1` / `0` is stored as `true` / `false`).
        public internal(set) var value: JSON
    }

    /// The last location a device reported with `report_statistics` (TwinPushWireProtocol.md §5.7).
    public struct Location: Sendable, Equatable {
        /// Degrees, -90…90.
        public let latitude: Double
        /// Degrees, -180…180.
        public let longitude: Double
        /// Fake-clock time of the report.
        public let reportedAt: Date
    }
}

extension Operation {
    /// TwinPush `GET …/devices/{device}/badge` (TwinPushWireProtocol.md §5.2).
    public static let getBadge: Operation = "getBadge"
    /// TwinPush `POST …/devices/{device}/update_badge` (§5.3).
    public static let updateBadge: Operation = "updateBadge"
    /// TwinPush `POST …/devices/{device}/open_app` (§5.4).
    public static let openApp: Operation = "openApp"
    /// TwinPush `POST …/devices/{device}/close_app` (§5.5).
    public static let closeApp: Operation = "closeApp"
    /// TwinPush `POST …/notifications/{notification}/open_notification` (§5.6).
    public static let openNotification: Operation = "openNotification"
    /// TwinPush `POST …/notifications/{notification}/received_notification`, app-scoped or not (§5.6b).
    public static let receivedNotification: Operation = "receivedNotification"
    /// TwinPush `POST …/devices/{device}/report_statistics` (§5.7).
    public static let reportStatistics: Operation = "reportStatistics"
    /// TwinPush `POST …/devices/{device}/set_custom_property` (§5.8).
    public static let setCustomProperty: Operation = "setCustomProperty"
    /// TwinPush `DELETE …/devices/{device}/clear_custom_properties` (§5.9).
    public static let clearCustomProperties: Operation = "clearCustomProperties"
    /// TwinPush `POST …/devices/{device}/search_notifications` (§5.10).
    public static let searchNotifications: Operation = "searchNotifications"
    /// TwinPush `GET …/devices/{device}/inbox` (§5.11).
    public static let inbox: Operation = "inbox"
    /// TwinPush `GET …/devices/{device}/inbox_summary` (§5.12).
    public static let inboxSummary: Operation = "inboxSummary"
    /// TwinPush `GET …/devices/{device}/notifications/{notification}` (§5.13).
    public static let getNotification: Operation = "getNotification"
    /// TwinPush `DELETE …/devices/{device}/notifications/{notification}` (§5.14).
    public static let deleteInboxNotification: Operation = "deleteInboxNotification"
    /// TwinPush `POST /apps/{app}/notifications` (§9, creator token).
    public static let createNotification: Operation = "createNotification"
    /// TwinPush `GET /apps/{app}/notifications/{notification}` (§9).
    public static let showNotification: Operation = "showNotification"
    /// TwinPush `DELETE /apps/{app}/notifications/{notification}` (§9, creator token).
    public static let deleteNotification: Operation = "deleteNotification"
    /// TwinPush `GET /apps/{app}/notifications/{notification}/report` (§9, API token).
    public static let notificationReport: Operation = "notificationReport"
    /// TwinPush `GET` or `POST /apps/{app}/notifications/{notification}/deliveries` (§9, API token).
    public static let notificationDeliveries: Operation = "notificationDeliveries"
    /// TwinPush `GET /apps/{app}/devices` (§9, API token).
    public static let listDevices: Operation = "listDevices"
    /// TwinPush `GET /apps/{app}/devices/{device}` (§9, API token).
    public static let showDevice: Operation = "showDevice"
}

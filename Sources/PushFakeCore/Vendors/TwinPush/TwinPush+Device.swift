import Foundation

extension TwinPush {
    /// A registered device, keyed by (`udid`, `platform`) within its app (TwinPushWireProtocol.md §5.1, §6.1).
    public struct Device: Sendable, Equatable {
        /// The 16-digit id the fake assigned (FakeBehaviour.md, Common).
        public internal(set) var id: String
        /// The app the device registered in.
        public internal(set) var appID: String
        /// `udid` as sent: with `platform`, the device's key within its app.
        public internal(set) var udid: String
        /// `ios`, `android` or `huawei`.
        public internal(set) var platform: String
        /// The APNs / FCM / HMS token; `nil` until one is registered (the device then gets no pushes).
        public internal(set) var pushToken: String?
        /// `alias_device`; `nil` when not set (or set to `""` / `null`).
        public internal(set) var alias: String?
        /// `language`, e.g. `en_US`.
        public internal(set) var language: String?
        /// `device_code`, e.g. `iPhone12,1`.
        public internal(set) var deviceCode: String?
        /// `device_model`, e.g. `iPhone`.
        public internal(set) var deviceModel: String?
        /// `device_manufacturer`, e.g. `Apple`.
        public internal(set) var deviceManufacturer: String?
        /// `app_version` as sent.
        public internal(set) var appVersion: String?
        /// `sdk_version`: `4.0.0` for iOS, `3.8.5` for Android.
        public internal(set) var sdkVersion: String?
        /// `os_version`, e.g. `13.3`.
        public internal(set) var osVersion: String?
        /// `os_name`, sent by iOS only (undocumented, TwinPushWireProtocol.md §5.1).
        public internal(set) var osName: String?
        /// `os_version_code`, an integer sent by Android only (undocumented, TwinPushWireProtocol.md §5.1).
        public internal(set) var osVersionCode: Int?
        /// The server-side badge count: raised by notifications, set by `update_badge`.
        public internal(set) var badge: Int
        /// Custom properties in the order they were first set.
        public internal(set) var customProperties: [CustomProperty]
        /// The last `report_statistics` location, if any.
        public internal(set) var location: Location?
        /// The first register (fake clock).
        public internal(set) var createdAt: Date
        /// The last use of any device endpoint (DOCS: "represents the last usage time").
        public internal(set) var updatedAt: Date
        /// The last register call.
        public internal(set) var lastRegisteredAt: Date
        /// The last change of `push_token`, `alias_device`, `active` or custom properties (the `date` filter of
        /// `GET /apps/{app}/devices` uses it).
        public internal(set) var registrationUpdatedAt: Date
        /// The last `open_app` / `close_app` call.
        public internal(set) var appOpenedAt: Date?
        /// The last `close_app` call.
        public internal(set) var appClosedAt: Date?

        /// *Fake-specific*: a device is active when it has a push token, i.e. when a send can reach it.
        public var isActive: Bool { pushToken != nil }

        /// The push channel of the device's platform.
        public var deliveryPlatform: Delivery.Platform { Self.deliveryPlatform(of: platform) }

        /// The push channel of a device `platform`: `android` and `huawei` by their bytes, anything else iOS.
        static func deliveryPlatform(of platform: String) -> Delivery.Platform {
            if platform.hasSameBytes(as: "android") { return .android }
            if platform.hasSameBytes(as: "huawei") { return .huawei }
            return .ios
        }

        /// The custom property with this name, if set.
        public func customProperty(_ name: String) -> CustomProperty? {
            customProperties.first { $0.name.hasSameBytes(as: name) }
        }

        init(id: String, appID: String, udid: String, platform: String, now: Date) {
            self.id = id
            self.appID = appID
            self.udid = udid
            self.platform = platform
            self.badge = 0
            self.customProperties = []
            self.createdAt = now
            self.updatedAt = now
            self.lastRegisteredAt = now
            self.registrationUpdatedAt = now
        }
    }

    /// One notification in an alias inbox (TwinPushWireProtocol.md §5.11): the alias owns it, every device with the alias sees it.
    public struct InboxItem: Sendable, Equatable {
        /// The inbox item's own 16-digit id (the SDKs ignore it; deletes use the notification id).
        public let id: String
        /// The app of the alias inbox.
        public let appID: String
        /// The `alias_device` that owns the inbox.
        public let alias: String
        /// The notification the item shows (the id deletes and opens use).
        public let notificationID: String
        /// When the notification was sent to the alias (fake clock).
        public let createdAt: Date
        /// Set by the first `received_notification` from a device with this alias.
        public internal(set) var receivedAt: Date?
        /// Set by the first `open_notification` from a device with this alias.
        public internal(set) var openedAt: Date?
        /// The `multiple_devices` / `multiple_alias` key whose overrides this alias sees, if any.
        let overrideKey: String?
    }
}

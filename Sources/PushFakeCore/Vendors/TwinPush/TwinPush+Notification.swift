import Foundation

extension TwinPush {
    /// A notification created with `POST /apps/{app}/notifications` (twinpush.md §6.2, §9).
    public struct Notification: Sendable, Equatable {
        /// Where the notification stands (the `status` of its report).
        public enum Status: String, Sendable, Equatable {
            /// `send_since` is still in the future on the fake clock.
            case scheduled
            /// Delivered to its targets.
            case sent
        }

        /// One `target_properties` entry: an enum / enum_list device property and the values it may have.
        public struct PropertyFilter: Sendable, Equatable {
            public let name: String
            public let values: [String]
        }

        /// The one target a create named (twinpush.md §9).
        public enum Target: Sendable, Equatable {
            case broadcast
            case devicesIDs([String])
            case devicesAliases([String])
            /// *Fake-specific*: segments are not modelled; a segments-only target reaches no device.
            case segments([String])
            /// Devices whose enum / enum_list properties match every filter; `segments` sent alongside are ignored.
            case targetProperties([PropertyFilter], segments: [String])
            /// Device ids with per-target overrides.
            case multipleDevices([String])
            /// Aliases with per-target overrides.
            case multipleAlias([String])
        }

        /// One entry of the report's `errors` (twinpush.md §9).
        public struct ReportError: Sendable, Equatable {
            /// `ios`, `android` or `huawei`.
            public let platform: String
            /// `critical`, `error` or `warning`.
            public let level: String
            /// The error category, e.g. `PayloadTooLarge`.
            public let key: String
            public let message: String
            public let createdAt: Date
            /// The device the failed delivery was for.
            public let deviceID: String
        }

        public let id: String
        public let appID: String
        public let name: String?
        public let alert: String
        public let title: String?
        /// `url`, shown back as `tp_rich_url`.
        public let url: String?
        public let sound: String?
        /// The badge modifier as sent, as a string (`"+1"` by default); `nil` when sent as `null` or `""`.
        public let badge: String?
        /// `custom_properties` exactly as sent (values may be numbers or booleans).
        public let customProperties: JSONObject
        /// `tags` as sent, without the `tp_rich` the REST objects add.
        public let tags: [String]
        public let groupName: String?
        public let deliverySpeed: String
        public let inbox: Bool
        public let protectedContent: Bool
        public let mutableContent: Bool
        public let target: Target
        public let createdAt: Date
        /// `send_since`, or the creation time when none was sent.
        public let sendSince: Date
        public internal(set) var status: Status
        /// When the deliveries were made; `nil` while scheduled.
        public internal(set) var lastSentAt: Date?
        /// Deliveries handed to the platform (not failed).
        public internal(set) var deliveryCount: Int
        /// Deliveries acknowledged with `received_notification`, plus receipts without a device id.
        public internal(set) var receivedCount: Int
        /// Deliveries or inbox items opened with `open_notification`, plus opens without a device id.
        public internal(set) var openingCount: Int
        /// Failed deliveries (`PayloadTooLarge`).
        public internal(set) var errors: [ReportError]

        /// The REST `tags`: as sent, plus `tp_rich` when a rich URL is set (twinpush.md §6.2).
        public var restTags: [String] {
            url == nil || tags.contains("tp_rich") ? tags : tags + ["tp_rich"]
        }
    }
}

import Foundation

extension TwinPush {
    /// A notification created with `POST /apps/{app}/notifications` (TwinPushWireProtocol.md §6.2, §9).
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
            /// The device custom property name.
            public let name: String
            /// The values that match (any of them).
            public let values: [String]
        }

        /// The one target a create named (TwinPushWireProtocol.md §9).
        public enum Target: Sendable, Equatable {
            /// `broadcast: true`: every device of the app.
            case broadcast
            /// `devices_ids`, de-duplicated.
            case devicesIDs([String])
            /// `devices_aliases`, de-duplicated: every device with one of the aliases.
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

        /// One entry of the report's `errors` (TwinPushWireProtocol.md §9).
        public struct ReportError: Sendable, Equatable {
            /// `ios`, `android` or `huawei`.
            public internal(set) var platform: String
            /// `critical`, `error` or `warning`.
            public internal(set) var level: String
            /// The error category: the push network's reason, e.g. `PayloadTooLarge` or `BadDeviceToken`.
            public internal(set) var key: String
            /// What went wrong, naming the device.
            public internal(set) var message: String
            /// When the error happened (fake clock).
            public internal(set) var createdAt: Date
            /// The device the failed delivery was for.
            public internal(set) var deviceID: String
        }

        /// The 16-digit id the fake assigned (FakeBehaviour.md, Common).
        public let id: String
        /// The app the notification was created in.
        public internal(set) var appID: String
        /// `name` as sent.
        public let name: String?
        /// `alert`: the message text (`""` when every `multiple_*` target brings its own).
        public let alert: String
        /// `title`; `nil` when unset or `""`.
        public let title: String?
        /// `url`, shown back as `tp_rich_url`.
        public let url: String?
        /// `sound`; `nil` when unset.
        public let sound: String?
        /// The badge modifier as sent, as a string (`"+1"` by default); `nil` when sent as `null` or `""`.
        public let badge: String?
        /// `custom_properties` exactly as sent (values may be numbers or booleans).
        public let customProperties: JSONObject
        /// `tags` as sent, without the `tp_rich` the REST objects add.
        public let tags: [String]
        /// `group_name` as sent.
        public let groupName: String?
        /// `delivery_speed`; `normal` when not sent.
        public let deliverySpeed: String
        /// `inbox`: whether it goes to the alias inboxes of its targets.
        public let inbox: Bool
        /// `protected_content` as sent.
        public let protectedContent: Bool
        /// `mutable_content`: adds `mutable-content: 1` to the APNs payload.
        public let mutableContent: Bool
        /// The one target the create named.
        public let target: Target
        /// When the create call came (fake clock).
        public let createdAt: Date
        /// `send_since`, or the creation time when none was sent.
        public let sendSince: Date
        /// `scheduled` until the fake clock passes `send_since`, then `sent`.
        public internal(set) var status: Status
        /// When the deliveries were made; `nil` while scheduled.
        public internal(set) var lastSentAt: Date?
        /// Deliveries handed to the platform (not failed).
        public internal(set) var deliveryCount: Int
        /// Deliveries acknowledged with `received_notification`, plus receipts without a device id.
        public internal(set) var receivedCount: Int
        /// Deliveries or inbox items opened with `open_notification`, plus opens without a device id.
        public internal(set) var openingCount: Int
        /// Deliveries the push networks would refuse (DeliveryChecks.md), one entry each.
        public internal(set) var errors: [ReportError]

        /// The REST `tags`: as sent, plus `tp_rich` when a rich URL is set (TwinPushWireProtocol.md §6.2).
        public var restTags: [String] {
            url == nil || tags.contains("tp_rich") ? tags : tags + ["tp_rich"]
        }
    }
}

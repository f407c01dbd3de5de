import Foundation

/// The Telekom Push Notification Service as PushFake models it (TPNSWireProtocol.md, FakeBehaviour.md).
public enum TPNS {
    /// The `applicationType` values a register accepts, and the `applicationTypes` a send may list.
    public static let applicationTypes = ["IOS", "IOS_SAND", "AOS"]

    /// A registered (or once registered) device, keyed by (`applicationKey`, `deviceId`).
    public struct Device: Sendable, Equatable {
        /// The app key sent at register; with ``deviceId`` it identifies the device.
        public internal(set) var applicationKey = ""
        /// The client-generated id (an uppercase UUID from TPNS_iOS; other formats from Android, TPNSWireProtocol.md §4.1).
        public internal(set) var deviceId = ""
        /// The APNs / FCM token as sent; `nil` when the register carried none (or `""`, or `"-1"`).
        public internal(set) var deviceRegistrationId: String?
        /// `IOS`, `IOS_SAND` or `AOS`, as sent at the latest register.
        public internal(set) var applicationType = "IOS"
        /// `additionalParameters` exactly as sent (an array of `{"key","value"}` objects), or `nil`.
        public internal(set) var additionalParameters: JSON?
        /// `false` after an unregister, until the next register.
        public internal(set) var isActive = true
        /// Fake-clock time of the first register; kept across re-registers.
        public internal(set) var createdAt = FakeClock.defaultEpoch
        /// Fake-clock time of the latest register or unregister.
        public internal(set) var updatedAt = FakeClock.defaultEpoch
        /// Fake-clock time of the unregister that deactivated the device; `nil` while active.
        public internal(set) var unregisteredAt: Date?

        /// Whether a send can reach the device: a token other than `""` / `"-1"`.
        public var hasToken: Bool { deviceRegistrationId != nil }

        /// The push channel for ``applicationType``: `IOS_SAND` → APNs sandbox, `AOS` → FCM, otherwise APNs.
        public var platform: Delivery.Platform {
            switch applicationType {
            case "IOS_SAND": return .iosSandbox
            case "AOS": return .android
            default: return .ios
            }
        }
    }

    /// One element of a `POST …/api/pushnotifications` body, with what came of it.
    public struct Notification: Sendable, Equatable {
        /// The send id PushFake assigned (16 digits, deterministic); returned in the response's `results`.
        public internal(set) var notificationId = ""
        /// The notification text, as sent.
        public internal(set) var message = ""
        /// 1, 2 or 3; the sources document no meaning for it (TPNSWireProtocol.md §7.1), so PushFake only validates it.
        public internal(set) var handlingLevel = 1
        /// The app whose devices were targeted.
        public internal(set) var applicationKey = ""
        /// The targeted `IOS` / `IOS_SAND` / `AOS` types, duplicates removed.
        public internal(set) var applicationTypes: [String] = []
        /// `nil`: every device of those types.
        public internal(set) var deviceIds: [String]?
        /// Fake-clock time of the send.
        public internal(set) var sentAt = FakeClock.defaultEpoch
        /// Devices that got a delivery.
        public internal(set) var deliveredDeviceIds: [String] = []
        /// Listed ids never registered for this key with one of ``applicationTypes``.
        public internal(set) var unknownDeviceIds: [String] = []
        /// Targeted devices that are unregistered or have no token.
        public internal(set) var inactiveDeviceIds: [String] = []
        /// Devices whose delivery the push network would refuse (`PayloadTooLarge`, `BadDeviceToken`, …;
        /// DeliveryChecks.md).
        public internal(set) var failedDeviceIds: [String] = []
    }
}

extension Operation {
    /// TPNS `POST …/api/device/register`; TwinPush `POST …/devices/register`.
    public static let register: Operation = "register"
    /// TPNS `PUT …/api/application/{appKey}/device/{deviceId}/unregister`.
    public static let unregister: Operation = "unregister"
    /// TPNS `POST …/api/pushnotifications`.
    public static let pushNotifications: Operation = "pushNotifications"
}

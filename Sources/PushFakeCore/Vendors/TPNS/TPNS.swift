import Foundation

/// The Telekom Push Notification Service as PushFake models it (spec/tpns.md, spec/DECISIONS.md).
public enum TPNS {
    /// The `applicationType` values a register accepts, and the `applicationTypes` a send may list.
    public static let applicationTypes = ["IOS", "IOS_SAND", "AOS"]

    /// A registered (or once registered) device, keyed by (`applicationKey`, `deviceId`).
    public struct Device: Sendable, Equatable {
        public let applicationKey: String
        public let deviceId: String
        /// The APNs / FCM token as sent; `nil` when the register carried none (or `""`, or `"-1"`).
        public internal(set) var deviceRegistrationId: String?
        public internal(set) var applicationType: String
        /// `additionalParameters` exactly as sent (an array of `{"key","value"}` objects), or `nil`.
        public internal(set) var additionalParameters: JSON?
        /// `false` after an unregister, until the next register.
        public internal(set) var isActive: Bool
        public let createdAt: Date
        public internal(set) var updatedAt: Date
        public internal(set) var unregisteredAt: Date?

        /// Whether a send can reach the device: a token other than `""` / `"-1"`.
        public var hasToken: Bool { deviceRegistrationId != nil }

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
        public let notificationId: String
        public let message: String
        public let handlingLevel: Int
        public let applicationKey: String
        public let applicationTypes: [String]
        /// `nil`: every device of those types.
        public let deviceIds: [String]?
        public let sentAt: Date
        public let deliveredDeviceIds: [String]
        public let unknownDeviceIds: [String]
        public let inactiveDeviceIds: [String]
        public let failedDeviceIds: [String]
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

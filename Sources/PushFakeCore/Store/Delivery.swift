import Foundation

/// What one device would have received over APNs or FCM/HMS for one notification.
///
/// ```swift
/// let delivery = try XCTUnwrap(fake.deliveries(to: deviceID).last)
/// XCTAssertEqual(delivery.payloadJSON?["aps"]?["alert"], "Test")
/// ```
public struct Delivery: Sendable, Equatable, Identifiable {
    /// The push channel the device is on.
    public enum Platform: String, Sendable, Equatable, CaseIterable {
        /// APNs production (TPNS `IOS`, TwinPush `ios`).
        case ios
        /// APNs sandbox (TPNS `IOS_SAND`).
        case iosSandbox = "ios_sandbox"
        /// FCM (TPNS `AOS`, TwinPush `android`).
        case android
        /// HMS (TwinPush `huawei`).
        case huawei

        /// The platform's payload limit in bytes: APNs 4,096 of JSON (5,120 for VoIP pushes), FCM data messages
        /// 4,096 of keys and values, HMS data messages 4,000 (DeliveryChecks.md).
        public var payloadLimit: Int {
            switch self {
            case .ios, .iosSandbox, .android: return 4096
            case .huawei: return 4000
            }
        }

        /// APNs, production or sandbox (as opposed to FCM/HMS).
        public var isApple: Bool { self == .ios || self == .iosSandbox }
    }

    /// Where the delivery stands.
    public enum Status: Sendable, Equatable, CustomStringConvertible {
        /// Handed to the (fake) platform gateway.
        case delivered
        /// Not sent: the push network would refuse it; `reason` is the network's own, e.g. `PayloadTooLarge` or
        /// `BadDeviceToken` (DeliveryChecks.md).
        case failed(reason: String)

        /// `delivered` or `failed(<reason>)`.
        public var description: String {
            switch self {
            case .delivered: return "delivered"
            case .failed(let reason): return "failed(\(reason))"
            }
        }
    }

    /// A 16-digit id, deterministic for the engine's seed (FakeBehaviour.md, Common).
    public let id: String
    /// The vendor whose send caused the delivery.
    public let vendor: Vendor
    /// TPNS application key or TwinPush app id.
    public let app: String
    /// TPNS send id or TwinPush notification id.
    public let notificationID: String
    /// TPNS `deviceId` or TwinPush device id.
    public let deviceID: String
    /// The device's push channel, which decides the payload shape and size limit.
    public let platform: Platform
    /// The APNs / FCM token the payload went to.
    public let token: String?
    /// The exact JSON payload bytes the device receives.
    public let payload: [UInt8]
    /// Delivered, or failed with the network's reason (a refused delivery is recorded, not dropped).
    public internal(set) var status: Status
    /// The APNs request headers the vendor chose (`apns-push-type`, `apns-priority`); `nil` for vendors that do not
    /// say, whose pushes are checked as a careful provider would send them (DeliveryChecks.md).
    public var apns: APNsHeaders? { extras?.apns }
    /// What the push networks' checks found (DeliveryChecks.md): the rejections that failed the delivery (the
    /// first one's code is the status's reason) and the warnings about how a phone would show it. Empty for most.
    public internal(set) var problems: [DeliveryProblem] {
        get { extras?.problems ?? [] }
        set { extras = Extras.make(apns: apns, problems: newValue) }
    }
    /// Whether ``problems`` is not empty, read without copying the list out.
    var hasProblems: Bool { !(extras?.problems.isEmpty ?? true) }
    /// `apns` and `problems`, which most deliveries lack, boxed: a fan-out's million deliveries pay one pointer.
    private var extras: Extras?
    /// Fake-clock time of the send; for a scheduled TwinPush notification, its `send_since`.
    public let createdAt: Date
    /// When the device reported receipt (TwinPush `received_notification`); `nil` until then, and always for TPNS.
    public internal(set) var receivedAt: Date?
    /// When the device reported an open (TwinPush `open_notification`); `nil` until then, and always for TPNS.
    public internal(set) var openedAt: Date?
    /// What happened to the delivery after it was made, outside the vendor API: a simulator push that failed, a
    /// `.apns` file that could not be written (``PushFake/addNote(_:toDelivery:)``). Empty for most.
    public internal(set) var notes: [String] = []

    /// A delivery as a vendor records it through ``VendorServices/record(_:)``; receipt and open times start unset.
    public init(
        id: String, vendor: Vendor, app: String, notificationID: String, deviceID: String, platform: Platform,
        token: String?, payload: [UInt8], status: Status = .delivered, createdAt: Date, apns: APNsHeaders? = nil
    ) {
        self.id = id
        self.vendor = vendor
        self.app = app
        self.notificationID = notificationID
        self.deviceID = deviceID
        self.platform = platform
        self.token = token
        self.payload = payload
        self.status = status
        self.createdAt = createdAt
        self.extras = Extras.make(apns: apns, problems: [])
    }

    /// The rarely set members of a delivery, immutable (a change makes a new box).
    private final class Extras: Sendable, Equatable {
        let apns: APNsHeaders?
        let problems: [DeliveryProblem]

        private init(apns: APNsHeaders?, problems: [DeliveryProblem]) {
            self.apns = apns
            self.problems = problems
        }

        /// A box, or `nil` when there is nothing to keep.
        static func make(apns: APNsHeaders?, problems: [DeliveryProblem]) -> Extras? {
            apns == nil && problems.isEmpty ? nil : Extras(apns: apns, problems: problems)
        }

        static func == (lhs: Extras, rhs: Extras) -> Bool {
            lhs.apns == rhs.apns && lhs.problems == rhs.problems
        }
    }

    /// The payload parsed as JSON.
    public var payloadJSON: JSON? { try? JSON.parse(payload) }

    /// The payload as text.
    public var payloadString: String { String(decoding: payload, as: UTF8.self) }
}

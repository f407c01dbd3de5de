/// The SDKs a virtual device can behave like (TwinPushWireProtocol.md §8, TPNSWireProtocol.md §6).
public enum FleetProfile: String, Sendable, CaseIterable, Codable, Comparable {
    /// TPNS_iOS 1.1.2: registers on its token; unregisters on request; no receipt or open reporting.
    case tpnsIOS = "tpns-ios"
    /// TwinPush iOS SDK 4.0.0: registers on every launch, `open_app` / `close_app`, `open_notification` on a tap,
    /// `update_badge "0"`, the receipt extension's `received_notification`.
    case twinpushIOS = "twinpush-ios"
    /// TwinPush Android SDK 3.8.5: registers when its registration hash changes, `received_notification` with push
    /// ack, `open_notification` on a tap, `open_app` / `close_app` on the first/last activity.
    case twinpushAndroid = "twinpush-android"

    /// Whether the profile speaks TwinPush.
    public var isTwinPush: Bool { self != .tpnsIOS }

    /// Whether the device is an iPhone (APNs hex tokens).
    public var isIOS: Bool { self != .twinpushAndroid }

    public static func < (lhs: FleetProfile, rhs: FleetProfile) -> Bool {
        allCases.firstIndex(of: lhs) ?? 0 < allCases.firstIndex(of: rhs) ?? 0
    }
}

/// One virtual phone as the fleet keeps it: a small value in an array (about 60 bytes), not an object. Its
/// identity (udid, token, alias) is not stored: ``FleetIdentity`` makes it again from the seed when a request needs it.
struct FleetDevice: Sendable {
    /// Where the app stands.
    enum Phase: UInt8, Sendable, CaseIterable {
        /// Not registered yet, or the register failed.
        case unregistered
        /// Registered, app in the background (deliveries show as notifications).
        case background
        /// Registered, app in the foreground.
        case foreground
        /// The app was uninstalled: the token no longer reaches it.
        case uninstalled

        var name: String {
            switch self {
            case .unregistered: return "unregistered"
            case .background: return "background"
            case .foreground: return "foreground"
            case .uninstalled: return "uninstalled"
            }
        }
    }

    var profile: FleetProfile
    var phase: Phase = .unregistered
    /// Counts foreground sessions, so a `close` scheduled by an earlier tap does not end a later session.
    var session: Int32 = 0
    /// The badge the phone shows (iOS: the last `aps.badge`; reset by the SDK's `update_badge "0"`).
    var badge: Int32 = 0
    /// The offline window, seconds since the start (`from == until`: never offline).
    var offlineFrom: Double = 0
    var offlineUntil: Double = 0
    /// When the app is uninstalled (seconds since the start; infinity: never).
    var uninstallAt: Double = .infinity
    /// The TwinPush device id the register answer gave (`objects[0].id`); `nil` for TPNS and before register.
    var serverID: String?
    /// The index of the device's group in the policy's `groups` (-1: none; its profile's policy applies).
    var group: Int16 = -1

    init(profile: FleetProfile) {
        self.profile = profile
    }

    /// Whether the phone is offline at `time`.
    func isOffline(at time: Double) -> Bool { time >= offlineFrom && time < offlineUntil }
}

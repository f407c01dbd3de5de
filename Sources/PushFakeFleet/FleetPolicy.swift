import PushFakeCore

/// How a fleet's devices react, as data: a Swift value or a JSON policy file (``FleetPolicySet/parse(_:)``).
///
/// The default is the issue's: online, receives everything, opens each notification with probability 0.3 after a
/// delay drawn uniformly from 1–20 s, dismisses nothing, never goes offline, never uninstalls.
public struct FleetPolicy: Sendable, Equatable {
    /// Probability that a received notification is opened (tapped).
    public var openProbability: Double = 0.3
    /// Delay from receipt to the tap.
    public var openDelay: FleetDelay = .uniform(1, 20)
    /// Probability that a received notification is dismissed instead (checked after the open draw failed).
    public var dismissProbability: Double = 0
    /// How long the app stays in the foreground after a tap before it goes to the background (`close_app`).
    public var session: FleetDelay = .uniform(10, 60)
    /// Going offline once: deliveries wait for the device, then arrive — or expire after ``Offline/expireAfter``.
    public var offline: Offline?
    /// Uninstalling the app once: later deliveries are never received.
    public var uninstall: Uninstall?
    /// Foreground/background cycles the user starts without a notification.
    public var cycles: Cycles?
    /// Android `pushAckEnabled`: `received_notification` on every push (the SDK's default is off; a fleet measures
    /// receipt, so on by default).
    public var pushAck: Bool = true
    /// iOS: the receipt extension is installed and reports `received_notification`.
    public var receiptExtension: Bool = true
    /// iOS `autoResetBadgeNumber` (the SDK's default, on): `update_badge "0"` after a tap and on becoming active.
    public var autoResetBadge: Bool = true

    /// The default policy.
    public init() {}

    /// Going offline once, `after` the fleet starts, `for` a while.
    public struct Offline: Sendable, Equatable {
        /// Probability that a device goes offline at all.
        public var probability: Double
        /// When, from the start.
        public var after: FleetDelay
        /// For how long.
        public var duration: FleetDelay
        /// A delivery held longer than this is dropped (`expired`); `nil`: held deliveries always arrive.
        public var expireAfter: Double?

        public init(probability: Double, after: FleetDelay, duration: FleetDelay, expireAfter: Double? = nil) {
            (self.probability, self.after, self.duration, self.expireAfter) = (
                probability, after, duration, expireAfter
            )
        }
    }

    /// Uninstalling the app once, `after` the fleet starts.
    public struct Uninstall: Sendable, Equatable {
        public var probability: Double
        public var after: FleetDelay

        public init(probability: Double, after: FleetDelay) {
            (self.probability, self.after) = (probability, after)
        }
    }

    /// The user opens the app every `every` seconds for `length` seconds.
    public struct Cycles: Sendable, Equatable {
        public var probability: Double
        public var every: FleetDelay
        public var length: FleetDelay

        public init(probability: Double, every: FleetDelay, length: FleetDelay) {
            (self.probability, self.every, self.length) = (probability, every, length)
        }
    }

    static let keys: Set<String> = [
        "open", "dismiss", "session", "offline", "uninstall", "cycles", "pushAck", "receiptExtension",
        "autoResetBadge",
    ]

    /// This policy with the keys of `json` applied on top.
    func applying(_ json: JSON, at path: String) throws(JSONFieldError) -> FleetPolicy {
        var policy = self
        let fields = try FleetPolicyFields(json, at: path, allowed: Self.keys)
        if let open = fields.object["open"] {
            let inner = try FleetPolicyFields(open, at: fields.place("open"), allowed: ["probability", "delay"])
            policy.openProbability = try inner.probability("probability") ?? policy.openProbability
            policy.openDelay = try inner.delay("delay") ?? policy.openDelay
        }
        if let dismiss = fields.object["dismiss"] {
            let inner = try FleetPolicyFields(dismiss, at: fields.place("dismiss"), allowed: ["probability"])
            policy.dismissProbability = try inner.probability("probability") ?? policy.dismissProbability
        }
        policy.session = try fields.delay("session") ?? policy.session
        if let offline = fields.object["offline"] {
            let inner = try FleetPolicyFields(
                offline, at: fields.place("offline"), allowed: ["probability", "after", "for", "expireAfter"])
            policy.offline = Offline(
                probability: try inner.probability("probability") ?? 1, after: try inner.delay("after") ?? .fixed(0),
                duration: try inner.delay("for") ?? .fixed(60), expireAfter: try inner.double("expireAfter"))
        }
        if let uninstall = fields.object["uninstall"] {
            let inner = try FleetPolicyFields(
                uninstall, at: fields.place("uninstall"), allowed: ["probability", "after"])
            policy.uninstall = Uninstall(
                probability: try inner.probability("probability") ?? 1, after: try inner.delay("after") ?? .fixed(0))
        }
        if let cycles = fields.object["cycles"] {
            let inner = try FleetPolicyFields(
                cycles, at: fields.place("cycles"), allowed: ["probability", "every", "length"])
            policy.cycles = Cycles(
                probability: try inner.probability("probability") ?? 1, every: try inner.delay("every") ?? .fixed(300),
                length: try inner.delay("length") ?? .fixed(30))
            if case .fixed(let every) = policy.cycles?.every, every < 1 {
                throw JSONFieldError(path: inner.place("every"), problem: "must be at least 1 second")
            }
        }
        policy.pushAck = try fields.bool("pushAck") ?? policy.pushAck
        policy.receiptExtension = try fields.bool("receiptExtension") ?? policy.receiptExtension
        policy.autoResetBadge = try fields.bool("autoResetBadge") ?? policy.autoResetBadge
        guard policy.openProbability + policy.dismissProbability <= 1 else {
            throw JSONFieldError(path: path, problem: "open and dismiss probabilities add up to more than 1")
        }
        return policy
    }
}

/// A policy for the whole fleet with overrides per profile and per device group:
/// `{"open":{…}, "profiles":{"tpns-ios":{…}}, "groups":[{"devices":"0..999","policy":{…}}]}`. A device follows its
/// group's policy (the first group that holds it, ``FleetGroup``), else its profile's, else the base.
public struct FleetPolicySet: Sendable, Equatable {
    /// What every device does unless its profile says otherwise.
    public var base: FleetPolicy
    /// Per-profile policies (each starts from `base` when read from JSON).
    public var byProfile: [FleetProfile: FleetPolicy]
    /// Per-group policies, checked in order before the profile's (each starts from `base` when read from JSON).
    public var groups: [FleetGroup]

    public init(
        _ base: FleetPolicy = FleetPolicy(), byProfile: [FleetProfile: FleetPolicy] = [:], groups: [FleetGroup] = []
    ) {
        (self.base, self.byProfile, self.groups) = (base, byProfile, groups)
    }

    /// The policy of a device of `profile` that is in no group.
    public func policy(for profile: FleetProfile) -> FleetPolicy { byProfile[profile] ?? base }

    /// Reads a policy document; unknown keys and out-of-range numbers are rejected with their path.
    public static func parse(_ json: JSON) throws(JSONFieldError) -> FleetPolicySet {
        let top = try FleetPolicyFields(json, at: "", allowed: FleetPolicy.keys.union(["profiles", "groups"]))
        var withoutProfiles = top.object
        withoutProfiles["profiles"] = nil
        withoutProfiles["groups"] = nil
        let base = try FleetPolicy().applying(.object(withoutProfiles), at: "")
        var set = FleetPolicySet(base)
        if let profiles = top.object["profiles"] {
            let names = Set(FleetProfile.allCases.map(\.rawValue))
            let inner = try FleetPolicyFields(profiles, at: "profiles", allowed: names)
            for member in inner.object.members {
                guard let profile = FleetProfile(rawValue: member.key) else { continue }
                set.byProfile[profile] = try base.applying(member.value, at: "profiles.\(member.key)")
            }
        }
        if let groups = top.object["groups"] { set.groups = try parseGroups(groups, base: base) }
        return set
    }
}

import PushFakeCore

/// Everything that decides a fleet: its size, mix, policy, seed, slice and app. Same configuration, same fleet.
public struct FleetConfiguration: Sendable, Equatable {
    /// The largest fleet one process runs (shard beyond it).
    public static let maximumDevices = 10_000_000

    /// Devices in the whole fleet (before sharding), 0…``maximumDevices``.
    public var devices: Int
    /// Profiles and their weights.
    public var mix: FleetMix
    /// How devices react.
    public var policy: FleetPolicySet
    /// The seed identities and reactions are drawn from.
    public var seed: UInt64
    /// The slice this process runs.
    public var shard: FleetShard
    /// The app the devices belong to.
    public var app: FleetApp

    /// A fleet; the count is clamped to 0…``maximumDevices`` (the CLI checks it before).
    public init(
        devices: Int, mix: FleetMix = .only(.twinpushIOS), policy: FleetPolicySet = FleetPolicySet(), seed: UInt64 = 1,
        shard: FleetShard = .whole, app: FleetApp = FleetApp(appID: "fleetapp", apiKey: "fleetkey")
    ) {
        self.devices = min(max(devices, 0), Self.maximumDevices)
        self.mix = mix
        self.policy = policy
        self.seed = seed
        self.shard = shard
        self.app = app
    }

    /// The profile of fleet-wide device number `global` (profile blocks in mix order, ``FleetMix``).
    func profiles() -> [(profile: FleetProfile, end: Int)] {
        var end = 0
        return mix.counts(for: devices).map { block in
            end += block.count
            return (block.profile, end)
        }
    }
}

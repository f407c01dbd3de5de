import PushFakeCore

/// A slice of a fleet: shard `index` of `count` holds the devices whose number `g` has `g % count == index`, so the
/// shards are disjoint and their union is exactly the unsharded fleet (`--shard I/N`).
public struct FleetShard: Sendable, Equatable, CustomStringConvertible {
    public let index: Int
    public let count: Int

    /// The whole fleet.
    public static let whole = FleetShard(uncheckedIndex: 0, count: 1)

    /// A shard; `nil` unless `0 <= index < count <= 100_000`.
    public init?(index: Int, count: Int) {
        guard count >= 1, count <= 100_000, index >= 0, index < count else { return nil }
        (self.index, self.count) = (index, count)
    }

    private init(uncheckedIndex: Int, count: Int) {
        (self.index, self.count) = (uncheckedIndex, count)
    }

    /// Parses `I/N`.
    public static func parse(_ text: String) throws(JSONFieldError) -> FleetShard {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]),
            let shard = FleetShard(index: index, count: count)
        else { throw JSONFieldError(path: "shard", problem: "must be I/N with 0 <= I < N <= 100000 (got \(text))") }
        return shard
    }

    /// `I/N`.
    public var description: String { "\(index)/\(count)" }

    /// How many of `devices` fall in this shard.
    public func size(of devices: Int) -> Int {
        devices > index ? (devices - index - 1) / count + 1 : 0
    }

    /// The fleet-wide number of the shard's `local`-th device.
    public func global(_ local: Int) -> Int { index + local * count }
}

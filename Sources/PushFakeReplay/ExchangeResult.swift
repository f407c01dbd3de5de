import PushFakeCore

/// How one replayed request went.
public struct ExchangeResult: Sendable, Equatable {
    /// The session it belongs to, from 1 (``ReplayOptions/concurrency`` runs several).
    public let session: Int
    /// The recorded exchange's place in the file: `line 3` or `entry 3`.
    public let location: String
    /// The recorded method and path (placeholders and recorded ids as in the file).
    public let request: String
    /// The route it counts under (``DriftReport/routes``).
    public let route: String
    /// The fields of the answer that differ, recorded against live.
    public let differences: [FieldDifference]
    /// Set when the answer came too slowly.
    public let latencyDrift: LatencyDrift?
    /// Seconds the live answer took.
    public let latency: Double
    /// The limit that cut the exchange short, if one did: its answer then counts as none.
    public let limit: ReplayLimit?

    /// Whether nothing differs.
    public var isEqual: Bool { differences.isEmpty && latencyDrift == nil }
}

/// Latency percentiles of the live answers (nearest rank), in seconds.
public struct LatencySummary: Sendable, Equatable {
    /// How many answers were timed.
    public let count: Int
    /// The median.
    public let p50: Double
    /// 90 % of answers came at least this fast.
    public let p90: Double
    /// 99 % of answers came at least this fast.
    public let p99: Double
    /// The slowest answer.
    public let max: Double

    /// The percentiles of `samples`; `nil` when there are none.
    public init?(_ samples: [Double]) {
        guard !samples.isEmpty else { return nil }
        let sorted = samples.sorted()
        func rank(_ percent: Double) -> Double {
            let index = Int((percent / 100 * Double(sorted.count)).rounded(.up)) - 1
            return sorted[Swift.max(0, Swift.min(sorted.count - 1, index))]
        }
        count = sorted.count
        p50 = rank(50)
        p90 = rank(90)
        p99 = rank(99)
        max = sorted[sorted.count - 1]
    }

    /// `latency: 20 requests, p50 1.9 ms, p90 2.4 ms, p99 5.1 ms, max 5.1 ms`.
    public var line: String {
        "latency: \(count) requests, p50 \(Milliseconds.text(p50)), p90 \(Milliseconds.text(p90)), "
            + "p99 \(Milliseconds.text(p99)), max \(Milliseconds.text(max))"
    }
}

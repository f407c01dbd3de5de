/// How many journal entries an assertion expects.
public struct RequestCount: Sendable, Equatable, CustomStringConvertible {
    /// The fewest matching entries accepted.
    public let minimum: Int
    /// The most matching entries accepted; `nil` means no upper bound.
    public let maximum: Int?

    /// Exactly one matching entry: the default of `assertRequested`.
    public static let once = RequestCount(minimum: 1, maximum: 1)
    /// No matching entry at all.
    public static let never = RequestCount(minimum: 0, maximum: 0)
    /// Exactly `count` matching entries.
    public static func exactly(_ count: Int) -> RequestCount { RequestCount(minimum: count, maximum: count) }
    /// `count` or more matching entries, with no upper bound.
    public static func atLeast(_ count: Int) -> RequestCount { RequestCount(minimum: count, maximum: nil) }
    /// Between 0 and `count` matching entries.
    public static func atMost(_ count: Int) -> RequestCount { RequestCount(minimum: 0, maximum: count) }

    /// Whether `count` matching entries satisfy this expectation (bounds inclusive).
    public func accepts(_ count: Int) -> Bool {
        count >= minimum && (maximum.map { count <= $0 } ?? true)
    }

    /// Reads as it appears in failure messages: "never", "exactly 2", "at least 1", "at most 3", "2…4".
    public var description: String {
        switch (minimum, maximum) {
        case (0, 0?): return "never"
        case (let low, let high?) where low == high: return "exactly \(low)"
        case (0, let high?): return "at most \(high)"
        case (let low, nil): return "at least \(low)"
        case (let low, let high?): return "\(low)…\(high)"
        }
    }
}

/// How many journal entries an assertion expects.
public struct RequestCount: Sendable, Equatable, CustomStringConvertible {
    public let minimum: Int
    public let maximum: Int?

    public static let once = RequestCount(minimum: 1, maximum: 1)
    public static let never = RequestCount(minimum: 0, maximum: 0)
    public static func exactly(_ count: Int) -> RequestCount { RequestCount(minimum: count, maximum: count) }
    public static func atLeast(_ count: Int) -> RequestCount { RequestCount(minimum: count, maximum: nil) }
    public static func atMost(_ count: Int) -> RequestCount { RequestCount(minimum: 0, maximum: count) }

    public func accepts(_ count: Int) -> Bool {
        count >= minimum && (maximum.map { count <= $0 } ?? true)
    }

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

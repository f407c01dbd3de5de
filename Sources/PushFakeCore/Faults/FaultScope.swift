/// When a matching rule applies: after skipping some matches, up to a number of times, with a probability.
///
/// ```swift
/// .once                 // the next matching call
/// .times(3)             // the next three
/// .always
/// .after(2)             // every call after the first two matching ones
/// .after(2, times: 1)   // only the third
/// .probability(0.25)    // a quarter of matching calls, drawn from the seeded generator
/// ```
public struct FaultScope: Sendable, Equatable, CustomStringConvertible {
    /// Matching calls that pass through before the rule starts applying.
    public var skip: Int
    /// How many times the rule applies at most; `nil` is unlimited.
    public var limit: Int?
    /// Chance (0…1) that an eligible call is faulted, drawn from the engine's seeded generator.
    public var probability: Double

    /// How many times a rule may apply at most: 1…1,000,000 (or unlimited).
    public static let limitRange = 1...1_000_000
    /// How many matching requests a rule may let through first: 0…1,000,000,000.
    public static let skipRange = 0...1_000_000_000

    /// Creates a scope, moving each number into the range the JSON form accepts (FakeBehaviour.md, Faults):
    /// `skip` into ``skipRange``, `limit` into ``limitRange``, `probability` into 0…1 (NaN: 0).
    public init(skip: Int = 0, limit: Int? = 1, probability: Double = 1) {
        self.skip = min(max(skip, Self.skipRange.lowerBound), Self.skipRange.upperBound)
        self.limit = limit.map { min(max($0, Self.limitRange.lowerBound), Self.limitRange.upperBound) }
        self.probability = probability.isNaN ? 0 : min(1, max(0, probability))
    }

    /// The next matching request only.
    public static var once: FaultScope { FaultScope(limit: 1) }
    /// Every matching request, until the rule is removed.
    public static var always: FaultScope { FaultScope(limit: nil) }
    /// The next `count` matching requests.
    public static func times(_ count: Int) -> FaultScope { FaultScope(limit: count) }
    /// Lets the first `count` matching requests through, then applies `times` times (`nil`: every time).
    public static func after(_ count: Int, times: Int? = nil) -> FaultScope { FaultScope(skip: count, limit: times) }
    /// Applies to each matching request with chance `probability`, at most `times` times (`nil`: no limit).
    public static func probability(_ probability: Double, times: Int? = nil) -> FaultScope {
        FaultScope(limit: times, probability: probability)
    }

    /// `once`, `3 times`, `always`, prefixed by `after k` and followed by `p=…` when they apply.
    public var description: String {
        var parts: [String] = []
        if skip > 0 { parts.append("after \(skip)") }
        parts.append(limit.map { $0 == 1 ? "once" : "\($0) times" } ?? "always")
        if probability < 1 { parts.append("p=\(probability)") }
        return parts.joined(separator: ", ")
    }
}

/// A fault with the requests it applies to and when: matcher × fault × scope.
///
/// Rules are kept in the order they were added; the first rule that matches and is eligible applies, and its
/// counters change under the same lock as the request it applied to.
public struct FaultRule: Sendable, Identifiable, CustomStringConvertible {
    /// `fault-1`, `fault-2`, … in the order rules were added; removing a rule does not renumber, a reset restarts.
    public let id: String
    /// Which requests the rule considers.
    public let matcher: RequestMatcher
    /// What happens to a request the rule applies to.
    public let fault: Fault
    /// Which of the matching requests the fault applies to.
    public let scope: FaultScope
    /// Matching requests seen so far (including skipped ones and ones the probability spared).
    public internal(set) var matchCount = 0
    /// Times the fault was applied.
    public internal(set) var appliedCount = 0

    init(id: String, matcher: RequestMatcher, fault: Fault, scope: FaultScope) {
        self.id = id
        self.matcher = matcher
        self.fault = fault
        self.scope = scope
    }

    /// `true` once the rule has applied as often as its scope allows.
    public var isExhausted: Bool {
        scope.limit.map { appliedCount >= $0 } ?? false
    }

    /// Counts a matching request and says whether the fault applies to it.
    mutating func consume(using generator: inout SplitMix64) -> Bool {
        guard !isExhausted else { return false }
        // Saturating: counters may come from a state document (bounded there) and must never trap.
        matchCount = matchCount < Int.max ? matchCount + 1 : Int.max
        guard matchCount > scope.skip else { return false }
        if scope.probability < 1, generator.nextUnit() >= scope.probability { return false }
        appliedCount = appliedCount < Int.max ? appliedCount + 1 : Int.max
        return true
    }

    /// `fault-1: HTTP 503 when <matcher> (once)`.
    public var description: String { "\(id): \(fault) when \(matcher) (\(scope))" }
}

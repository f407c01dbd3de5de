/// The outcome of checking the journal against an expectation: the entries that satisfied it, and on failure the
/// text every PushFake surface prints — the Swift assertions, the admin API's `verify` and `wait`, and the CLI.
public struct Verification: Sendable {
    /// The entries the expectation counted (for `inOrder`, one per step found).
    public let matched: [JournalEntry]
    /// `nil` when the expectation holds; otherwise what was expected, the closest miss and the journal.
    public let failure: String?

    /// A result as given; the admin API words a timed-out wait with it.
    package init(matched: [JournalEntry], failure: String?) {
        self.matched = matched
        self.failure = failure
    }

    /// Whether the expectation holds.
    public var isSatisfied: Bool { failure == nil }

    /// Checks how many entries `matcher` accepts against `count`.
    ///
    /// ```swift
    /// let result = Verification.count(.tpns(.register), .once, in: fake.journal.entries)
    /// ```
    public static func count(_ matcher: RequestMatcher, _ count: RequestCount, in entries: [JournalEntry])
        -> Verification
    {
        let matching = entries.filter(matcher.matches)
        guard !count.accepts(matching.count) else { return Verification(matched: matching, failure: nil) }
        var message = "expected \(count) request(s) matching \(matcher); \(matching.count) matched"
        if matching.isEmpty, let miss = JournalDescription.closestMiss(to: matcher, in: entries) {
            message += "\n" + miss
        }
        message += "\n" + JournalDescription.journal(entries)
        return Verification(matched: matching, failure: message)
    }

    /// Checks that entries matching each matcher appear in this order (other entries may come between).
    public static func inOrder(_ matchers: [RequestMatcher], in entries: [JournalEntry]) -> Verification {
        var position = entries.startIndex
        var found: [JournalEntry] = []
        for (step, matcher) in matchers.enumerated() {
            guard let index = entries[position...].firstIndex(where: matcher.matches) else {
                var message = "step \(step + 1) of \(matchers.count) not found in order: \(matcher)"
                if !found.isEmpty {
                    let sequences = found.map { String($0.sequence) }.joined(separator: ", #")
                    message += "\n(steps 1–\(step) matched #\(sequences))"
                }
                let remaining = Array(entries[position...])
                if let miss = JournalDescription.closestMiss(to: matcher, in: remaining) { message += "\n" + miss }
                message += "\n" + JournalDescription.journal(entries)
                return Verification(matched: found, failure: message)
            }
            found.append(entries[index])
            position = entries.index(after: index)
        }
        return Verification(matched: found, failure: nil)
    }
}

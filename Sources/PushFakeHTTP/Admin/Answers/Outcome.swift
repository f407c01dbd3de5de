import PushFakeCore

/// What verify, wait and a matching recording answer (component `Outcome`): `{"ok": true, "matched": [seq…],
/// "entries": […]}` when the expectation holds, `{"ok": false, "message": …}` with the closest miss when not.
package struct Outcome: WireType {
    package var ok = true
    /// Why it does not hold, or what matched.
    package var message: String?
    /// The sequence numbers of the entries that matched.
    package var matched: [Int]?
    /// Those entries.
    package var entries: [JournalEntry]?

    package static let wire = WireDescription<Outcome>(
        name: "Outcome", Outcome(),
        fields: [
            .required("ok", \.ok, .bool, "Whether it holds."),
            .optional("message", \.message, .string, "The closest miss and the journal, as the assertions print them."),
            .optional("matched", \.matched, .array(.integer), "The matching entries' sequence numbers."),
            .optional("entries", \.entries, .array(.wire()), "The matching entries."),
        ], answer: true)

    /// The answer for a verification's result.
    init(_ result: Verification) {
        if let failure = result.failure {
            self.init(ok: false, message: failure)
        } else {
            self.init(ok: true, matched: result.matched.map(\.sequence), entries: result.matched)
        }
    }

    init(ok: Bool = true, message: String? = nil, matched: [Int]? = nil, entries: [JournalEntry]? = nil) {
        self.ok = ok
        self.message = message
        self.matched = matched
        self.entries = entries
    }
}

/// `POST /__pushfake/recordings/compare` (component `RecordingOutcome`): `{"ok": true, "message": …}` when the
/// journal matches; when it differs, the report as `message` and as `comparison` (``RecordingDifference``).
package struct RecordingOutcome: WireType {
    package var ok = false
    package var message = ""
    package var comparison: RecordingDifference?

    package static let wire = WireDescription<RecordingOutcome>(
        name: "RecordingOutcome", RecordingOutcome(),
        fields: [
            .required("ok", \.ok, .bool, "Whether the journal matches."),
            .required("message", \.message, .string, "The report, as assertMatchesRecording prints it."),
            .optional("comparison", \.comparison, .wire(), "The same report for programs, when it differs."),
        ], answer: true)
}

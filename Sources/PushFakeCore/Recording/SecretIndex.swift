/// One journal's numbering of secrets, shared by every export and stream of it, so that a value has the same
/// placeholder in the JSON Lines and HAR exports (filtered or not), the event stream and `pushfake tail --json`
/// (RecordingFormat.md, "Secrets and placeholders").
///
/// It learns the journal's entries in sequence order, lazily: the first output that needs an entry redacted learns
/// it and every entry before it. Learning takes every kind, identifiers (TPNS application keys) included, so the
/// numbering does not depend on whether an output redacts those. A cleared or reset journal starts a new numbering.
package final class SecretIndex: Sendable {
    private struct State {
        var table: SecretTable
        /// Entries up to this sequence number are learned.
        var learnedThrough = 0
    }

    private let state: Locked<State>
    /// Where the secrets stand: the engine's vendors' (``PushVendor/secrets``).
    package let rules: SecretRules

    package init(_ rules: SecretRules = .standard) {
        self.rules = rules
        state = Locked(State(table: SecretTable(rules)))
    }

    /// A redactor knowing every secret of `journal`'s entries up to its newest, of `extra` (an entry the journal
    /// may already have dropped), and of the app of `delivery` when its vendor declares apps secret (a TPNS
    /// application key of a delivery that no entry of the journal made: loaded with a state document).
    package func redactor(
        _ redaction: RecordingRedaction, for journal: Journal, extra: JournalEntry? = nil,
        delivery: (vendor: Vendor, app: String)? = nil
    ) -> RecordingRedactor {
        let table = state.withLock { state -> SecretTable in
            for entry in journal.entries(after: state.learnedThrough) {
                state.table.learn(from: entry, appKeys: true)
                state.learnedThrough = max(state.learnedThrough, entry.sequence)
            }
            if let extra, extra.sequence > state.learnedThrough {
                state.table.learn(from: extra, appKeys: true)
                state.learnedThrough = extra.sequence
            }
            if let delivery {
                for (value, kind) in rules.appSecrets(delivery.vendor, app: delivery.app, identifiers: true) {
                    state.table.learn(value, kind: kind)
                }
            }
            return state.table
        }
        return RecordingRedactor(redaction, table: table)
    }
}

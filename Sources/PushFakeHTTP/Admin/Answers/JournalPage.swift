import PushFakeCore

/// `GET /__pushfake/journal` as JSON (component `JournalPage`): the entries selected, how many, and the journal's
/// totals.
package struct JournalPage: WireType {
    package var entries: [JournalEntry] = []
    /// Entries held, counting those the limit dropped.
    package var total = 0
    /// Entries the limit dropped.
    package var dropped = 0

    package static let wire = WireDescription<JournalPage>(
        name: "JournalPage", JournalPage(),
        fields: [
            .required("entries", \.entries, .array(.wire()), "The entries selected, oldest first."),
            .derived("count", { $0.entries.count }, .count, "How many were selected."),
            .required("total", \.total, .count, "Entries ever appended since the last reset."),
            .required("dropped", \.dropped, .count, "Entries the limit dropped."),
        ], answer: true)
}

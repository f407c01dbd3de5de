import PushFakeCore

/// `GET /__pushfake/journal` as JSON (component `JournalPage`): the entries selected, how many, and the journal's
/// totals; with `limit`, also where the next page starts (``PageCursor``).
package struct JournalPage: PagedAnswer {
    package var entries: [JournalEntry] = []
    /// Entries held, counting those the limit dropped.
    package var total = 0
    /// Entries the limit dropped.
    package var dropped = 0
    /// Only for a request with `limit`.
    package var next: PageCursor?

    package init(entries: [JournalEntry] = [], total: Int = 0, dropped: Int = 0, next: PageCursor? = nil) {
        self.entries = entries
        self.total = total
        self.dropped = dropped
        self.next = next
    }

    package static let wire = pageDescription(
        name: "JournalPage", JournalPage(),
        fields: [
            .required("entries", \.entries, .array(.wire()), "The entries selected, oldest first."),
            .derived(
                "count", { $0.entries.count }, .count, "How many were selected (with limit: how many in this page)."),
            .required("total", \.total, .count, "Entries ever appended since the last reset."),
            .required("dropped", \.dropped, .count, "Entries the journal limit dropped."),
            .nextPage,
        ])
}

/// How big a journal is, read without copying or walking its entries: what `GET /__pushfake/health` reports.
public struct JournalUsage: Sendable, Equatable {
    /// Entries held (at most ``limit``).
    public var entries: Int
    /// Entries ever appended since the last reset.
    public var totalCount: Int
    /// Entries the limit dropped.
    public var droppedCount: Int
    /// The most entries kept; `nil` keeps every entry.
    public var limit: Int?
    /// An estimate of the memory the held entries take, from the journal's own accounting: each entry's fields and
    /// bytes with the allocator's overhead, plus the chunks' slots. Strings shared with the engine are not counted.
    public var approximateBytes: Int

    /// Creates a usage report; the engine makes these (``PushFake/journalUsage``).
    public init(entries: Int, totalCount: Int, droppedCount: Int, limit: Int?, approximateBytes: Int) {
        self.entries = entries
        self.totalCount = totalCount
        self.droppedCount = droppedCount
        self.limit = limit
        self.approximateBytes = approximateBytes
    }
}

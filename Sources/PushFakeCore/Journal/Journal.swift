/// The ordered record of requests, optionally bounded.
///
/// Unbounded by default. With a limit it is a ring buffer: the oldest entries are dropped and counted, so the
/// memory of a long-running fake stays flat.
public struct Journal: Sendable {
    /// The most entries kept (at least 1); `nil` keeps every entry.
    public let limit: Int?
    private var storage: [JournalEntry] = []
    /// Index of the oldest entry in `storage` once the ring is full.
    private var head = 0
    /// Entries dropped because of the limit.
    public private(set) var droppedCount = 0
    private(set) var nextSequence = 1

    /// Creates an empty journal; a `limit` below 1 is raised to 1.
    public init(limit: Int? = nil) {
        self.limit = limit.map { max(1, $0) }
    }

    /// The entries still held, oldest first.
    public var entries: [JournalEntry] {
        head == 0 ? storage : Array(storage[head...] + storage[..<head])
    }

    /// The number of entries still held (at most ``limit``); see ``totalCount`` for all ever appended.
    public var count: Int { storage.count }

    /// Total entries ever appended since the last reset.
    public var totalCount: Int { nextSequence - 1 }

    mutating func takeSequence() -> Int {
        defer { nextSequence += 1 }
        return nextSequence
    }

    mutating func append(_ entry: JournalEntry) {
        guard let limit, storage.count >= limit else {
            storage.append(entry)
            return
        }
        storage[head] = entry
        head = (head + 1) % limit
        droppedCount += 1
    }

    /// Drops every entry but keeps counting: the next entry gets the next sequence number, so `since=SEQ` readers
    /// and sequence-keyed bookkeeping never see a number twice.
    mutating func clearEntries() {
        storage.removeAll()
        head = 0
    }

    mutating func removeAll() {
        storage.removeAll()
        head = 0
        droppedCount = 0
        nextSequence = 1
    }
}

/// The ordered record of requests, optionally bounded.
///
/// Unbounded by default. With a limit it is a ring buffer: the oldest entries are dropped and counted, so the
/// memory of a long-running fake stays flat.
///
/// A snapshot: `fake.journal` copies no entries, and the engine's later appends never show in a journal you hold.
/// Entries sit in fixed-size chunks, so appending takes the same short time at the millionth entry as at the first
/// (Performance.md, "Journal cost").
public struct Journal: Sendable {
    /// The most entries kept (at least 1); `nil` keeps every entry.
    public let limit: Int?
    private var storage: SegmentedRing<JournalEntry>
    /// Entries dropped because of the limit.
    public private(set) var droppedCount = 0
    private(set) var nextSequence = 1
    /// What the held entries' own storage takes, by ``JournalEntry/approximateBytes`` minus the slot in a chunk.
    private var entryBytes = 0
    /// How exports and streams of this journal number its secrets; shared by its snapshots, new after a clear.
    package private(set) var secretIndex = SecretIndex()

    /// Creates an empty journal; a `limit` below 1 is raised to 1.
    public init(limit: Int? = nil) {
        self.limit = limit.map { max(1, $0) }
        self.storage = SegmentedRing(capacity: self.limit)
    }

    /// An empty journal whose exports redact the secrets `rules` name (an engine's vendors').
    init(limit: Int?, secrets rules: SecretRules) {
        self.init(limit: limit)
        secretIndex = SecretIndex(rules)
    }

    /// A journal holding `entries` as another engine reported them (a remote fake's `GET /__pushfake/journal`, read
    /// back with ``JournalEntry/init(json:vendors:)``): `totalCount` entries were ever appended there and
    /// `droppedCount` of them fell out of its ring. Entries are kept as given, even beyond `limit`.
    package init(restoring entries: [JournalEntry], limit: Int?, totalCount: Int, droppedCount: Int) {
        self.limit = limit.map { max(1, $0) }
        self.storage = SegmentedRing(capacity: nil)
        for entry in entries {
            entryBytes &+= entry.approximateBytes &- MemoryLayout<JournalEntry>.stride
            _ = storage.append(entry)
        }
        self.droppedCount = max(0, droppedCount)
        self.nextSequence = max(totalCount, entries.last?.sequence ?? 0) &+ 1
    }

    /// The entries still held, oldest first.
    ///
    /// Built from the chunks on each read, outside the engine lock; free while the journal fits one chunk (1,024
    /// entries) and has not wrapped. Keep the array when you read it more than once.
    public var entries: [JournalEntry] { storage.elements }

    /// The age-order index (0: the oldest entry held) of the first entry whose sequence number is above
    /// `sequence`; ``count`` when there is none. A binary search: a reader resuming near the end of a big journal
    /// pays for what it reads, and holds a snapshot (O(1)) rather than a copy of the entries.
    package func firstIndex(after sequence: Int) -> Int {
        var low = 0
        var high = storage.count
        while low < high {
            let middle = low + (high - low) / 2
            if let entry = storage.element(at: middle), entry.sequence <= sequence {
                low = middle + 1
            } else {
                high = middle
            }
        }
        return low
    }

    /// The entry at age-order `index` (0: the oldest held); `nil` outside `0..<count`.
    package func entry(at index: Int) -> JournalEntry? {
        storage.element(at: index)
    }

    /// The number of entries still held (at most ``limit``); see ``totalCount`` for all ever appended.
    public var count: Int { storage.count }

    /// Total entries ever appended since the last reset.
    public var totalCount: Int { nextSequence &- 1 }

    /// The journal's size at a glance, without reading its entries.
    public var usage: JournalUsage {
        JournalUsage(
            entries: count, totalCount: totalCount, droppedCount: droppedCount, limit: limit,
            approximateBytes: storage.reservedSlots &* MemoryLayout<JournalEntry>.stride &+ entryBytes)
    }

    mutating func takeSequence() -> Int {
        defer { nextSequence &+= 1 }
        return nextSequence
    }

    /// Appends in constant time; a full ring overwrites its oldest entry, which is returned so that the caller can
    /// release it after leaving the engine lock.
    @discardableResult
    mutating func append(_ entry: JournalEntry) -> JournalEntry? {
        entryBytes &+= entry.approximateBytes &- MemoryLayout<JournalEntry>.stride
        guard let dropped = storage.append(entry) else { return nil }
        entryBytes &-= dropped.approximateBytes &- MemoryLayout<JournalEntry>.stride
        droppedCount &+= 1
        return dropped
    }

    /// Drops every entry but keeps counting: the next entry gets the next sequence number, so `since=SEQ` readers
    /// and sequence-keyed bookkeeping never see a number twice. Returns the entries' storage, to be released after
    /// the engine lock (freeing a million entries takes a while).
    mutating func clearEntries() -> SegmentedRing<JournalEntry> {
        entryBytes = 0
        secretIndex = SecretIndex(secretIndex.rules)
        return storage.removeAll()
    }

    /// The entries held whose sequence number is above `sequence`, oldest first; walks back from the newest, so it
    /// costs what it returns.
    func entries(after sequence: Int) -> [JournalEntry] {
        storage.suffix(while: { $0.sequence > sequence })
    }

    /// A redactor that numbers secrets as every export and stream of this journal does: by their
    /// first appearance in the journal since it was last cleared or reset, whichever entries are then redacted.
    public func redactor(_ redaction: RecordingRedaction = .standard) -> RecordingRedactor {
        secretIndex.redactor(redaction, for: self)
    }

    /// The entry among the newest `limit` whose deliveries include `deliveryID`.
    func entry(causing deliveryID: String, within limit: Int) -> JournalEntry? {
        storage.last(within: limit) { $0.deliveryIDs.contains(deliveryID) }
    }
}

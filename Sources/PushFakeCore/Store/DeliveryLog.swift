/// Every delivery of an engine, in creation order, with the indexes handlers need.
///
/// Sized for a fan-out to a million devices (Performance.md, "Memory" and "Fan-out"): the id index keeps 4-byte
/// positions and its hash bits (``TaggedRecordIndex``) instead of a copy of every id, and a notification's
/// deliveries, which a fan-out records one after the other, are kept as runs of positions; the run being recorded
/// stays outside the dictionary, so adding a delivery of the same notification hashes nothing.
///
/// The id index is brought up to date when an id is looked up, not when a delivery is added: a fan-out appends a
/// million deliveries without a random write into a table of tens of megabytes for each, and the first lookup
/// after it indexes them all at once (the same work, paid only when asked for).
struct DeliveryLog: Sendable {
    private(set) var all: [Delivery] = []
    /// The id index and how far it reaches, behind a lock so that a lookup (which reads) can extend it. Copies of a
    /// log share it only while they hold the same ids: ``add(_:)`` gives a shared index its own copy first.
    private var byID = Locked(IDIndex())
    /// The closed runs of each notification's deliveries, in order.
    private var runsByNotification: [WireKey: [Range<Int>]] = [:]
    /// The notification of the last delivery and where its run started: positions `openRun.start..<all.count`.
    private var openRun: (notificationID: String, start: Int)?

    /// Positions of ``all`` by id, for the first ``indexed`` deliveries. Ids from state documents come from
    /// outside: hashed and compared by bytes (``WireKey``).
    private struct IDIndex {
        var table = TaggedRecordIndex()
        var indexed = 0

        /// Indexes the deliveries added since the last lookup, in order: a later delivery with the id of an earlier
        /// one takes its place.
        mutating func catchUp(_ all: [Delivery]) {
            guard indexed < all.count else { return }
            table.reserveCapacity(forAdditional: all.count - indexed)
            for position in indexed..<all.count {
                let id = all[position].id
                _ = table.upsert(position, hash: DeliveryLog.hash(id)) { all[$0].id.hasSameBytes(as: id) }
            }
            indexed = all.count
        }
    }

    /// Records a delivery as it is: checked already (``VendorServices/record(_:)``) or read from a state document.
    /// A later delivery with the id of an earlier one replaces it in ``delivery(id:)``.
    mutating func add(_ delivery: consuming Delivery) {
        if !isKnownUniquelyReferenced(&byID) { byID = Locked(byID.withLock { $0 }) }
        if !(openRun?.notificationID.hasSameBytes(as: delivery.notificationID) ?? false) {
            closeRun()
            openRun = (delivery.notificationID, all.count)
        }
        all.append(delivery)
    }

    /// Makes room for `count` more deliveries at once before a fan-out, growing geometrically (an exact reserve per
    /// send would make many small sends quadratic).
    mutating func reserveCapacity(forAdditional count: Int) {
        let needed = all.count + count
        if needed > all.capacity { all.reserveCapacity(max(needed, all.capacity * 2)) }
    }

    func delivery(id: String) -> Delivery? {
        position(of: id, hash: Self.hash(id)).map { all[$0] }
    }

    func deliveries(forNotification id: String) -> [Delivery] {
        positions(ofNotification: id).map { all[$0] }
    }

    /// Changes the deliveries of a notification that satisfy `filter`; returns how many changed.
    @discardableResult
    mutating func update(
        notification id: String, where filter: (Delivery) -> Bool, _ change: (inout Delivery) -> Void
    ) -> Int {
        var changed = 0
        for index in positions(ofNotification: id) where filter(all[index]) {
            change(&all[index])
            changed += 1
        }
        return changed
    }

    /// Changes one delivery by id; `false` when there is none. O(1), for per-device updates (opened, received).
    @discardableResult
    mutating func update(id: String, _ change: (inout Delivery) -> Void) -> Bool {
        guard let index = position(of: id, hash: Self.hash(id)) else { return false }
        change(&all[index])
        return true
    }

    mutating func removeAll() {
        self = DeliveryLog()
    }

    private func position(of id: String, hash: Int) -> Int? {
        let all = all
        return byID.withLock { index in
            index.catchUp(all)
            return index.table.find(hash: hash) { all[$0].id.hasSameBytes(as: id) }
        }
    }

    /// The positions of a notification's deliveries, in creation order.
    private func positions(ofNotification id: String) -> [Int] {
        var positions: [Int] = []
        for run in runsByNotification[id] ?? [] { positions += run }
        if let run = openRun, run.notificationID.hasSameBytes(as: id) { positions += run.start..<all.count }
        return positions
    }

    /// Moves the open run, which ends at the last delivery, into the dictionary.
    private mutating func closeRun() {
        guard let run = openRun, run.start < all.count else { return }
        runsByNotification[run.notificationID, default: []].append(run.start..<all.count)
        openRun = nil
    }

    fileprivate static func hash(_ id: String) -> Int {
        WireKey(id).hashValue
    }
}

/// Every delivery of an engine, in creation order, with the indexes handlers need.
///
/// Sized for a fan-out to a million devices (Performance.md, "Memory"): the id index keeps 4-byte positions
/// and its hash bits (``TaggedRecordIndex``) instead of a copy of every id, and a notification's deliveries, which a fan-out records one
/// after the other, are kept as runs of positions; the run being recorded stays outside the dictionary, so adding
/// a delivery of the same notification hashes nothing but its id.
struct DeliveryLog: Sendable {
    private(set) var all: [Delivery] = []
    /// Ids from state documents come from outside: hashed and compared by bytes (``WireKey``).
    private var byID = TaggedRecordIndex()
    /// The closed runs of each notification's deliveries, in order.
    private var runsByNotification: [WireKey: [Range<Int>]] = [:]
    /// The notification of the last delivery and where its run started: positions `openRun.start..<all.count`.
    private var openRun: (notificationID: String, start: Int)?

    /// Records a delivery as it is: checked already (``VendorServices/record(_:)``) or read from a state document.
    /// A later delivery with the id of an earlier one replaces it in ``delivery(id:)``.
    mutating func add(_ delivery: Delivery) {
        let position = all.count
        let hash = Self.hash(delivery.id)
        if let earlier = self.position(of: delivery.id, hash: hash) { byID.remove(earlier, hash: hash) }
        if !(openRun?.notificationID.hasSameBytes(as: delivery.notificationID) ?? false) {
            closeRun()
            openRun = (delivery.notificationID, position)
        }
        all.append(delivery)
        byID.insert(position, hash: hash)
    }

    /// Makes room for `count` more deliveries at once before a fan-out, growing geometrically (an exact reserve per
    /// send would make many small sends quadratic).
    mutating func reserveCapacity(forAdditional count: Int) {
        let needed = all.count + count
        if needed > all.capacity { all.reserveCapacity(max(needed, all.capacity * 2)) }
        byID.reserveCapacity(forAdditional: count)
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
        byID.find(hash: hash) { all[$0].id.hasSameBytes(as: id) }
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

    private static func hash(_ id: String) -> Int {
        WireKey(id).hashValue
    }
}

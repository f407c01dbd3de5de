/// A hash index from a key to a position in an array of records, that stores only the positions: 4 bytes a slot.
///
/// A `[Key: Int]` dictionary keeps a copy of every key beside its position (a TwinPush `DeviceKey` is three strings,
/// 56 bytes a bucket with the position), although the record at that position holds the same key. This table keeps
/// the position alone and asks the caller for the record's key when it must compare or rehash, so an index over a
/// million devices takes 8 MB instead of 50–120 MB (Performance.md, "Memory"). Open addressing with linear probing,
/// at most half full, so a lookup reads one or two slots; removed positions leave a tombstone until the next regrow.
///
/// Positions must be below `UInt32.max - 1` (four billion records: far beyond any memory this runs in). Nothing
/// iterates the table, so the per-process seed of `Hasher` never reaches an answer.
struct RecordIndex: Sendable {
    private static let empty = UInt32.max
    private static let removed = UInt32.max - 1

    private var slots: [UInt32] = []
    /// Live positions plus tombstones: what decides when to regrow.
    private var used = 0
    private(set) var count = 0

    /// The position whose record `matches`, probing from `hash`.
    func find(hash: Int, where matches: (Int) -> Bool) -> Int? {
        guard !slots.isEmpty else { return nil }
        let mask = slots.count - 1
        var slot = hash & mask
        while true {
            let value = slots[slot]
            if value == Self.empty { return nil }
            if value != Self.removed, matches(Int(value)) { return Int(value) }
            slot = (slot &+ 1) & mask
        }
    }

    /// Adds `position`, which no live slot holds, under `hash`; `hashOf` gives any stored position's hash when the
    /// table regrows.
    mutating func insert(_ position: Int, hash: Int, hashOf: (Int) -> Int) {
        if (used + 1) * 2 > slots.count { regrow(hashOf: hashOf) }
        let mask = slots.count - 1
        var slot = hash & mask
        while slots[slot] != Self.empty && slots[slot] != Self.removed { slot = (slot &+ 1) & mask }
        if slots[slot] == Self.empty { used += 1 }
        slots[slot] = UInt32(truncatingIfNeeded: position)
        count += 1
    }

    /// Removes `position`, found under `hash`; nothing when it is not there.
    mutating func remove(_ position: Int, hash: Int) {
        guard !slots.isEmpty else { return }
        let mask = slots.count - 1
        let wanted = UInt32(truncatingIfNeeded: position)
        var slot = hash & mask
        while slots[slot] != Self.empty {
            if slots[slot] == wanted {
                slots[slot] = Self.removed
                count -= 1
                return
            }
            slot = (slot &+ 1) & mask
        }
    }

    /// Doubles the table when live positions fill a third of it or more, else rebuilds it at the same size
    /// (dropping tombstones); every live position is placed again from its hash.
    private mutating func regrow(hashOf: (Int) -> Int) {
        var size = max(16, slots.count)
        while (count + 1) * 3 > size { size *= 2 }
        let old = slots
        slots = [UInt32](repeating: Self.empty, count: size)
        used = 0
        let mask = size - 1
        for value in old where value != Self.empty && value != Self.removed {
            var slot = hashOf(Int(value)) & mask
            while slots[slot] != Self.empty { slot = (slot &+ 1) & mask }
            slots[slot] = value
            used += 1
        }
    }
}

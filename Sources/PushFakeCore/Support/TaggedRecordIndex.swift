/// A hash index from a key to a position in an array of records, like ``RecordIndex``, whose 8-byte slots also keep
/// the low 32 bits of the key's hash: a probe compares those before it asks the caller to compare the record's key,
/// so a lookup or an insert into a table of a million reads no record but the one it finds, and regrowing rehashes
/// nothing. For the delivery log, where a fan-out adds a million ids in one request (Performance.md, "Memory").
///
/// A slot is 0 when empty, else the position plus one in its low 32 bits (``removed`` for a removed one) and the
/// hash's low 32 bits above. Tables are powers of two up to 2³² slots, so those bits place a slot again on regrow.
/// Positions must be below `UInt32.max - 1`. Nothing iterates the table, so the per-process seed of `Hasher`
/// never reaches an answer.
struct TaggedRecordIndex: Sendable {
    private static let removed: UInt64 = 0xFFFF_FFFF

    private var slots: [UInt64] = []
    /// Live positions plus tombstones: what decides when to regrow.
    private var used = 0
    private(set) var count = 0

    /// The position whose record `matches`, probing from `hash`; `matches` is asked only where the hash bits agree.
    func find(hash: Int, where matches: (Int) -> Bool) -> Int? {
        guard !slots.isEmpty else { return nil }
        let tag = Self.tag(hash)
        let mask = slots.count - 1
        var slot = hash & mask
        while true {
            let value = slots[slot]
            if value == 0 { return nil }
            let position = value & 0xFFFF_FFFF
            if value >> 32 == tag, position != Self.removed, matches(Int(position) &- 1) { return Int(position) &- 1 }
            slot = (slot &+ 1) & mask
        }
    }

    /// Adds `position`, which no live slot holds, under `hash`.
    mutating func insert(_ position: Int, hash: Int) {
        if (used + 1) * 2 > slots.count { regrow(forCount: count + 1) }
        let mask = slots.count - 1
        var slot = hash & mask
        while slots[slot] != 0 && slots[slot] & 0xFFFF_FFFF != Self.removed { slot = (slot &+ 1) & mask }
        if slots[slot] == 0 { used += 1 }
        slots[slot] = Self.tag(hash) << 32 | (UInt64(truncatingIfNeeded: position) &+ 1)
        count += 1
    }

    /// Adds `position` under `hash`, in place of the live position whose record `matches` (returned), in one
    /// probe: what an insert that must replace an earlier record with the same key needs.
    mutating func upsert(_ position: Int, hash: Int, replacing matches: (Int) -> Bool) -> Int? {
        if (used + 1) * 2 > slots.count { regrow(forCount: count + 1) }
        let tag = Self.tag(hash)
        let value = tag << 32 | (UInt64(truncatingIfNeeded: position) &+ 1)
        let mask = slots.count - 1
        var slot = hash & mask
        var firstRemoved: Int?
        while slots[slot] != 0 {
            let held = slots[slot] & 0xFFFF_FFFF
            if held == Self.removed {
                if firstRemoved == nil { firstRemoved = slot }
            } else if slots[slot] >> 32 == tag, matches(Int(held) &- 1) {
                slots[slot] = value
                return Int(held) &- 1
            }
            slot = (slot &+ 1) & mask
        }
        if let firstRemoved {
            slots[firstRemoved] = value
        } else {
            slots[slot] = value
            used += 1
        }
        count += 1
        return nil
    }

    /// Removes `position`, found under `hash`; nothing when it is not there.
    mutating func remove(_ position: Int, hash: Int) {
        guard !slots.isEmpty else { return }
        let mask = slots.count - 1
        let wanted = Self.tag(hash) << 32 | (UInt64(truncatingIfNeeded: position) &+ 1)
        var slot = hash & mask
        while slots[slot] != 0 {
            if slots[slot] == wanted {
                slots[slot] = Self.tag(hash) << 32 | Self.removed
                count -= 1
                return
            }
            slot = (slot &+ 1) & mask
        }
    }

    /// Makes room for `additional` more positions without regrowing while they are added.
    mutating func reserveCapacity(forAdditional additional: Int) {
        if (used + additional) * 2 > slots.count { regrow(forCount: count + additional) }
    }

    /// Grows the table until `count` positions fill at most a third of it, or rebuilds it at the same size
    /// (dropping tombstones); every live position is placed again from its hash bits.
    private mutating func regrow(forCount count: Int) {
        var size = max(16, slots.count)
        while count * 3 > size { size *= 2 }
        let old = slots
        slots = [UInt64](repeating: 0, count: size)
        used = 0
        let mask = size - 1
        for value in old where value != 0 && value & 0xFFFF_FFFF != Self.removed {
            var slot = Int(truncatingIfNeeded: value >> 32) & mask
            while slots[slot] != 0 { slot = (slot &+ 1) & mask }
            slots[slot] = value
            used += 1
        }
    }

    private static func tag(_ hash: Int) -> UInt64 {
        UInt64(truncatingIfNeeded: hash) & 0xFFFF_FFFF
    }
}

import Foundation

/// Entries of a fixed number of optional strings, all kept in one byte buffer. A slot is a LEB128 length plus one
/// (`0` for `nil`) followed by its UTF-8 bytes; an entry is its slots one after another. A store of a million
/// devices keeps their strings in one heap block, where a buffer per device cost each one a heap object's header
/// and the allocator's rounding (Performance.md, "Store cost"). Reads give back exactly the bytes written.
///
/// An entry that changes is written again at the end of the buffer; its old bytes are dead until the owner copies
/// the live entries into a fresh pool (``wantsCompaction``, ``copy(_:from:)``).
struct TextPool: Sendable {
    /// Where an entry starts in its pool.
    struct Entry: Sendable, Equatable {
        fileprivate var start: Int
    }

    /// Slots per entry.
    let slots: Int
    private var bytes: [UInt8] = []
    /// Bytes of entries written again since: a compaction gives them back.
    private(set) var deadBytes = 0

    init(slots: Int, reservingBytes: Int = 0) {
        self.slots = slots
        bytes.reserveCapacity(reservingBytes)
    }

    /// Bytes held, dead ones included.
    var byteCount: Int { bytes.count }

    /// Bytes of live entries.
    var liveBytes: Int { bytes.count - deadBytes }

    /// Whether copying the live entries into a fresh pool is worth it: dead bytes are at least 64 KiB and more than
    /// the live ones, so each compaction is paid for by as many bytes written since the last.
    var wantsCompaction: Bool { deadBytes >= 1 << 16 && deadBytes > liveBytes }

    /// Adds an entry of three slots (the common case, without an array of the values).
    mutating func add(_ first: String?, _ second: String?, _ third: String?) -> Entry {
        assert(slots == 3, "an entry has \(slots) slots")
        // No reserveCapacity here: an exact reserve would reallocate the whole pool on every add.
        let start = bytes.count
        Self.append(first, to: &bytes)
        Self.append(second, to: &bytes)
        Self.append(third, to: &bytes)
        return Entry(start: start)
    }

    /// Adds an entry with `values` in its first slots and `nil` in the rest.
    mutating func add(_ values: [String?]) -> Entry {
        assert(values.count <= slots, "\(values.count) values for \(slots) slots")
        let start = bytes.count
        for slot in 0..<slots { Self.append(slot < values.count ? values[slot] : nil, to: &bytes) }
        return Entry(start: start)
    }

    /// The string in `slot` of `entry`.
    func string(_ entry: Entry, _ slot: Int) -> String? {
        withBytes(entry, slot) { text in text.map { String(decoding: $0, as: UTF8.self) } }
    }

    /// Calls `body` with the bytes of `slot` of `entry`, or `nil` when it holds no string.
    func withBytes<Result>(_ entry: Entry, _ slot: Int, _ body: (UnsafeBufferPointer<UInt8>?) -> Result) -> Result {
        bytes.withUnsafeBufferPointer { buffer in
            let (start, length) = location(slot, of: entry, in: buffer)
            guard let length else { return body(nil) }
            return body(UnsafeBufferPointer(rebasing: buffer[start..<start + length]))
        }
    }

    /// Whether `slot` of `entry` holds a string (possibly empty).
    func contains(_ entry: Entry, _ slot: Int) -> Bool {
        bytes.withUnsafeBufferPointer { location(slot, of: entry, in: $0).length != nil }
    }

    /// Whether `slot` of `entry` holds a string with the same UTF-8 bytes as `text`.
    func hasSameBytes(_ entry: Entry, _ slot: Int, as text: String) -> Bool {
        var text = text
        return text.withUTF8 { theirs in
            withBytes(entry, slot) { mine in
                guard let mine, mine.count == theirs.count else { return false }
                guard let left = mine.baseAddress, let right = theirs.baseAddress else { return true }
                return memcmp(left, right, mine.count) == 0
            }
        }
    }

    /// Whether `slot` of `entry` holds what `text` is: both `nil`, or the same bytes.
    func hasSameBytes(_ entry: Entry, _ slot: Int, asOptional text: String?) -> Bool {
        guard let text else { return !contains(entry, slot) }
        return hasSameBytes(entry, slot, as: text)
    }

    /// Sets `slot` of `entry`: when the value changes, the entry is written again at the end and `entry` moves
    /// there.
    mutating func set(_ entry: inout Entry, _ slot: Int, to text: String?) {
        guard !hasSameBytes(entry, slot, asOptional: text) else { return }
        let start = bytes.count
        var rewritten: [UInt8] = []
        let oldEnd: Int = bytes.withUnsafeBufferPointer { buffer in
            var position = entry.start
            for index in 0..<slots {
                let (length, next) = Self.readLength(buffer, at: position)
                let end = next + (length ?? 0)
                if index == slot {
                    Self.append(text, to: &rewritten)
                } else {
                    rewritten.append(contentsOf: buffer[position..<end])
                }
                position = end
            }
            return position
        }
        deadBytes += oldEnd - entry.start
        bytes.append(contentsOf: rewritten)
        entry = Entry(start: start)
    }

    /// Copies `entry` of `other` to the end of this pool (a compaction copies every live entry this way).
    mutating func copy(_ entry: Entry, from other: TextPool) -> Entry {
        let start = bytes.count
        other.bytes.withUnsafeBufferPointer { buffer in
            bytes.append(contentsOf: buffer[entry.start..<other.end(of: entry, in: buffer)])
        }
        return Entry(start: start)
    }

    private func end(of entry: Entry, in buffer: UnsafeBufferPointer<UInt8>) -> Int {
        var position = entry.start
        for _ in 0..<slots {
            guard position < buffer.count else { break }
            let (length, next) = Self.readLength(buffer, at: position)
            position = next + (length ?? 0)
        }
        return min(position, buffer.count)
    }

    /// Where the bytes of `slot` of `entry` start and how many there are (`nil`: no string, or no such slot).
    private func location(
        _ slot: Int, of entry: Entry, in buffer: UnsafeBufferPointer<UInt8>
    ) -> (start: Int, length: Int?) {
        guard slot >= 0, slot < slots else { return (entry.start, nil) }
        var position = entry.start
        var index = 0
        while position < buffer.count {
            let (length, next) = Self.readLength(buffer, at: position)
            if index == slot { return (next, length) }
            position = next + (length ?? 0)
            index += 1
        }
        return (position, nil)
    }

    private static func append(_ text: String?, to bytes: inout [UInt8]) {
        guard let text else {
            bytes.append(0)
            return
        }
        var stored = UInt(text.utf8.count) + 1
        while stored >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: stored) | 0x80)
            stored >>= 7
        }
        bytes.append(UInt8(stored))
        bytes.append(contentsOf: text.utf8)
    }

    /// The length stored at `position` (`nil` for no string) and where the string's bytes start.
    @inline(__always)
    private static func readLength(
        _ buffer: UnsafeBufferPointer<UInt8>, at position: Int
    ) -> (length: Int?, next: Int) {
        // One byte for every string shorter than 127 bytes.
        let first = buffer[position]
        if first < 0x80 {
            return first == 0 ? (nil, position + 1) : (min(Int(first) - 1, buffer.count - position - 1), position + 1)
        }
        var stored = 0
        var shift = 0
        var position = position
        while position < buffer.count {
            let byte = buffer[position]
            position += 1
            if shift < 56 { stored |= Int(byte & 0x7F) << shift }
            shift += 7
            if byte < 0x80 { break }
        }
        guard stored > 0 else { return (nil, position) }
        return (min(stored - 1, buffer.count - position), position)
    }
}

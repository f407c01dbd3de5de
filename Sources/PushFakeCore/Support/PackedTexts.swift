import Foundation

/// A fixed number of optional strings kept in one byte buffer: each slot is a LEB128 length plus one (`0` for
/// `nil`) followed by its UTF-8 bytes. One heap object for all of them, where each string of more than 15 bytes
/// would be one of its own (Performance.md, "Store cost"). Reads give back exactly the bytes written.
struct PackedTexts: Sendable, Equatable {
    private var bytes: [UInt8]

    /// `count` slots, all `nil`.
    init(count: Int) {
        bytes = Array(repeating: 0, count: count)
    }

    /// The slots' values in order.
    init(_ values: [String?]) {
        bytes = []
        for value in values { Self.append(value, to: &bytes) }
    }

    /// Three slots: the common case, without an array of the values.
    init(_ first: String?, _ second: String?, _ third: String?) {
        bytes = []
        bytes.reserveCapacity(3 + (first?.utf8.count ?? 0) + (second?.utf8.count ?? 0) + (third?.utf8.count ?? 0))
        Self.append(first, to: &bytes)
        Self.append(second, to: &bytes)
        Self.append(third, to: &bytes)
    }

    /// Bytes held, including the lengths.
    var byteCount: Int { bytes.count }

    /// The string in `slot`.
    func string(_ slot: Int) -> String? {
        bytes.withUnsafeBufferPointer { buffer in
            let (start, length) = Self.location(slot, in: buffer)
            guard let length else { return nil }
            return String(decoding: UnsafeBufferPointer(rebasing: buffer[start..<start + length]), as: UTF8.self)
        }
    }

    /// Calls `body` with the bytes of `slot`, or `nil` when it holds no string.
    func withBytes<Result>(_ slot: Int, _ body: (UnsafeBufferPointer<UInt8>?) -> Result) -> Result {
        bytes.withUnsafeBufferPointer { buffer in
            let (start, length) = Self.location(slot, in: buffer)
            guard let length else { return body(nil) }
            return body(UnsafeBufferPointer(rebasing: buffer[start..<start + length]))
        }
    }

    /// Whether `slot` holds a string (possibly empty).
    func contains(_ slot: Int) -> Bool {
        bytes.withUnsafeBufferPointer { Self.location(slot, in: $0).length != nil }
    }

    /// Whether `slot` holds a string with the same UTF-8 bytes as `text`.
    func hasSameBytes(_ slot: Int, as text: String) -> Bool {
        let count = text.utf8.count
        let compared: Bool? = bytes.withUnsafeBufferPointer { mine in
            let (start, length) = Self.location(slot, in: mine)
            guard let length, length == count else { return false }
            guard count > 0 else { return true }
            return text.utf8.withContiguousStorageIfAvailable { theirs in
                guard let left = mine.baseAddress, let right = theirs.baseAddress else { return false }
                return memcmp(left + start, right, count) == 0
            }
        }
        return compared ?? hasSameBytes(slot, as: Array(text.utf8))
    }

    private func hasSameBytes(_ slot: Int, as text: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { mine in
            let (start, length) = Self.location(slot, in: mine)
            guard let length, length == text.count else { return false }
            return mine[start..<start + length].elementsEqual(text)
        }
    }

    /// Whether `slot` holds what `text` is: both `nil`, or the same bytes.
    func hasSameBytes(_ slot: Int, asOptional text: String?) -> Bool {
        guard let text else { return !contains(slot) }
        return hasSameBytes(slot, as: text)
    }

    /// Sets `slot`; the buffer is rebuilt only when the value changes.
    mutating func set(_ slot: Int, to text: String?) {
        guard !hasSameBytes(slot, asOptional: text) else { return }
        var rebuilt: [UInt8] = []
        rebuilt.reserveCapacity(bytes.count + (text?.utf8.count ?? 0) + 2)
        bytes.withUnsafeBufferPointer { buffer in
            var position = 0
            var index = 0
            while position < buffer.count {
                let (length, next) = Self.readLength(buffer, at: position)
                let end = next + (length ?? 0)
                if index == slot {
                    Self.append(text, to: &rebuilt)
                } else {
                    rebuilt.append(contentsOf: buffer[position..<end])
                }
                position = end
                index += 1
            }
        }
        bytes = rebuilt
    }

    /// Where the bytes of `slot` start and how many there are (`nil`: no string).
    private static func location(_ slot: Int, in buffer: UnsafeBufferPointer<UInt8>) -> (start: Int, length: Int?) {
        var position = 0
        var index = 0
        while position < buffer.count {
            let (length, next) = readLength(buffer, at: position)
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

import Foundation
import PushFakeHTTP1

/// A string from outside that names something — a device id, a UDID, an alias, an app key or id, a token, a
/// property name, a tag, an instance id — compared and hashed by its UTF-8 bytes, as the real services compare
/// them (FakeBehaviour.md, Identity).
///
/// Swift's `String` compares and hashes by Unicode canonical equivalence: `"\u{212A}-1"` (KELVIN SIGN) equals
/// `"K-1"`, and `"café"` (NFC) equals `"cafe\u{301}"` (NFD). A push service stores and compares the bytes it was
/// sent, so for it those are two devices, two aliases, two tokens. Stores key their dictionaries and sets by
/// `WireKey`; journals, exports and answers keep ``string`` exactly as sent.
///
/// ```swift
/// WireKey("K-1") == WireKey("\u{212A}-1")  // false
/// "K-1" == "\u{212A}-1"                    // true: String equality
/// ```
public struct WireKey: Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The string as it came in.
    public let string: String

    /// The key of `string`.
    public init(_ string: String) {
        self.string = string
    }

    /// `"K-1"` is `WireKey("K-1")`.
    public init(stringLiteral value: String) {
        self.string = value
    }

    /// The string as it came in.
    public var description: String { string }

    /// Whether the two strings have the same UTF-8 bytes.
    public static func == (lhs: WireKey, rhs: WireKey) -> Bool {
        lhs.string.hasSameBytes(as: rhs.string)
    }

    /// Hashes the UTF-8 bytes, then a terminator, so that keys made of several strings hash apart
    /// (`("ab", "c")` and `("a", "bc")`).
    public func hash(into hasher: inout Hasher) {
        Self.hash(string, into: &hasher)
    }

    /// Hashes `string` as a ``WireKey`` of it would: for composite keys that keep plain `String` fields.
    @inline(__always)
    static func hash(_ string: String, into hasher: inout Hasher) {
        let hashed: Void? = string.utf8.withContiguousStorageIfAvailable { bytes in
            hasher.combine(bytes: UnsafeRawBufferPointer(bytes))
        }
        if hashed == nil {
            Array(string.utf8).withUnsafeBytes { hasher.combine(bytes: $0) }
        }
        hasher.combine(0xFF as UInt8)
    }
}

extension String {
    /// Whether the two strings have the same UTF-8 bytes: identity as a push service sees it, unlike `==`, which
    /// takes canonically equivalent strings as equal (``WireKey``).
    @inline(__always)
    package func hasSameBytes(as other: String) -> Bool {
        // Identical representations hold identical bytes: the same storage, or the same bytes stored inline (every
        // string of up to 15 UTF-8 bytes, most keys). The check `==` makes first, before its Unicode rules; it
        // halves the cost of a key lookup on the request path.
        if MemoryLayout<String>.size == 16 {
            let mine = unsafeBitCast(self, to: (UInt64, UInt64).self)
            let theirs = unsafeBitCast(other, to: (UInt64, UInt64).self)
            if mine == theirs { return true }
            // Two small strings whose bits differ hold different bytes: a small string is its bytes, its length and
            // an ASCII flag, nothing else. Saves copying both out for a `memcmp` when keys of one length meet (a
            // TwinPush body's `platform` and `language`). `SmallStringBitsTests` holds the layout to this.
            if String.isSmall(mine.1), String.isSmall(theirs.1) { return false }
        }
        let count = utf8.count
        guard count == other.utf8.count else { return false }
        let compared: Bool?? = utf8.withContiguousStorageIfAvailable { mine in
            other.utf8.withContiguousStorageIfAvailable { theirs in
                guard let left = mine.baseAddress, let right = theirs.baseAddress else { return count == 0 }
                return memcmp(left, right, count) == 0
            }
        }
        if let compared, let result = compared { return result }
        return utf8.elementsEqual(other.utf8)
    }

    /// Whether `needle`'s UTF-8 bytes occur in this string's (`""` occurs everywhere): a search that, like
    /// ``hasSameBytes(as:)``, tells `"K"` from `"\u{212A}"`.
    package func containsBytes(_ needle: String) -> Bool {
        let haystack = Array(utf8)
        let pattern = Array(needle.utf8)
        guard let first = pattern.first else { return true }
        guard haystack.count >= pattern.count else { return false }
        var start = 0
        while start <= haystack.count - pattern.count {
            if haystack[start] == first, haystack[start..<start + pattern.count].elementsEqual(pattern) { return true }
            start += 1
        }
        return false
    }

    /// Whether the two optional strings are both absent, or present with the same bytes.
    package static func sameBytes(_ lhs: String?, _ rhs: String?) -> Bool {
        switch (lhs, rhs) {
        case (nil, nil): return true
        case (let left?, let right?): return left.hasSameBytes(as: right)
        default: return false
        }
    }

    /// Whether the two strings have the same UTF-8 bytes, in a time that depends on their lengths only (not on
    /// where they first differ): for secrets such as the admin token.
    package func hasSameBytesInConstantTime(as other: String) -> Bool {
        let mine = Array(utf8)
        let theirs = Array(other.utf8)
        var difference = UInt8(mine.count == theirs.count ? 0 : 1)
        for index in 0..<max(mine.count, theirs.count) {
            let left = index < mine.count ? mine[index] : 0
            let right = index < theirs.count ? theirs[index] : 0
            difference |= left ^ right
        }
        return difference == 0
    }
}

extension Sequence where Element == String {
    /// Whether the sequence holds a string with the same UTF-8 bytes as `string` (``WireKey``).
    package func containsBytes(of string: String) -> Bool {
        contains { $0.hasSameBytes(as: string) }
    }
}

extension Dictionary where Key == WireKey {
    /// The value for the key with these bytes; setting `nil` removes it. Lets stores keyed by ``WireKey`` be used
    /// with the strings requests carry.
    subscript(key: String) -> Value? {
        get { self[WireKey(key)] }
        _modify { yield &self[WireKey(key)] }
    }

    /// The value for the key with these bytes, or `defaultValue` (stored on mutation).
    subscript(key: String, default defaultValue: @autoclosure () -> Value) -> Value {
        get { self[WireKey(key), default: defaultValue()] }
        _modify { yield &self[WireKey(key), default: defaultValue()] }
    }

    /// Removes the key with these bytes; its value, or `nil`.
    @discardableResult
    mutating func removeValue(forKey key: String) -> Value? {
        removeValue(forKey: WireKey(key))
    }

    /// Sets the value of the key with these bytes; the old value, or `nil`.
    @discardableResult
    mutating func updateValue(_ value: Value, forKey key: String) -> Value? {
        updateValue(value, forKey: WireKey(key))
    }
}

extension Set where Element == WireKey {
    /// Whether a key with these bytes is in the set.
    func contains(_ string: String) -> Bool {
        contains(WireKey(string))
    }

    /// Inserts the key of `string`.
    @discardableResult
    mutating func insert(_ string: String) -> (inserted: Bool, memberAfterInsert: WireKey) {
        insert(WireKey(string))
    }
}

/// Strings that request bodies carry on nearly every request — member names, enumerated values — which the JSON
/// parser gives back as one shared `String` each instead of decoding the bytes again (``PushVendor/bodyStrings``).
///
/// Only a matter of speed: a body reads the same with the table as without it. A shared string costs no allocation
/// (Swift keeps strings over 15 bytes on the heap) and no UTF-8 check, and a vendor's lookup of the member by a
/// literal of the same text compares equal at once.
package struct JSONKnownStrings: Sendable {
    /// Index: the string's UTF-8 length; each bucket holds the bytes and the string.
    private let buckets: [[(bytes: [UInt8], string: String)]]

    /// No strings: every string is decoded.
    package static let none = JSONKnownStrings([])

    /// Strings longer than this are decoded: the longest member names are shorter.
    static let maximumLength = 40

    package init(_ strings: [String]) {
        var buckets = [[(bytes: [UInt8], string: String)]](repeating: [], count: Self.maximumLength &+ 1)
        for string in strings {
            let bytes = Array(string.utf8)
            guard bytes.count <= Self.maximumLength, !buckets[bytes.count].contains(where: { $0.bytes == bytes })
            else { continue }
            buckets[bytes.count].append((bytes, string))
        }
        self.buckets = buckets
    }

    /// The shared string spelled by `bytes`, or `nil` when the table has none.
    @inline(__always)
    func string(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        guard bytes.count < buckets.count else { return nil }
        for candidate in buckets[bytes.count] where Self.equal(candidate.bytes, bytes) { return candidate.string }
        return nil
    }

    @inline(__always)
    private static func equal(_ known: [UInt8], _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        known.withUnsafeBufferPointer { known in
            var index = 0
            while index < known.count {
                if known[index] != bytes[index] { return false }
                index &+= 1
            }
            return true
        }
    }
}

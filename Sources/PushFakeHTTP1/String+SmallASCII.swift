extension String {
    /// A string of the UTF-8 `bytes`: up to 15 ASCII bytes are laid out as the standard library lays out a small
    /// string and used as one, skipping the UTF-8 check and the stores `String(decoding:as:)` makes (about 20
    /// instructions instead of 150, for most header values, JSON member values and path parameters); any other
    /// bytes are decoded by `String(decoding:as:)`.
    ///
    /// The layout — the bytes in order, then `0xE0 | count` as the last byte — is the one Swift's 64-bit standard
    /// library fixes in its inlinable code. ``buildsSmallASCII`` checks it once against strings the running library
    /// made itself; where it does not hold (a 32-bit or big-endian platform), every string is decoded.
    @inline(__always)
    package init(decodingSmallASCII bytes: UnsafeBufferPointer<UInt8>) {
        if bytes.count <= 15, Self.buildsSmallASCII {
            let words = Self.smallASCIIWords(bytes)
            if (words.0 | words.1) & 0x8080_8080_8080_8080 == 0 {
                self = unsafeBitCast((words.0, words.1 | UInt64(0xE0 | bytes.count) &<< 56), to: String.self)
                return
            }
        }
        self = String(decoding: bytes, as: UTF8.self)
    }

    /// Whether ``init(decodingSmallASCII:)`` may lay out small strings itself: for every length from 0 to 15, the
    /// string it lays out has the bits of the one `String(decoding:as:)` makes of the same bytes.
    package static let buildsSmallASCII: Bool = {
        guard MemoryLayout<String>.size == 16, MemoryLayout<(UInt64, UInt64)>.size == 16 else { return false }
        let pattern = Array("Push~Fake 0;1_2/".utf8)
        for length in 0...15 {
            let made = String(decoding: pattern[..<length], as: UTF8.self)
            let words = pattern.withUnsafeBufferPointer {
                smallASCIIWords(UnsafeBufferPointer(rebasing: $0[..<length]))
            }
            let built = (words.0, words.1 | UInt64(0xE0 | length) &<< 56)
            guard unsafeBitCast(made, to: (UInt64, UInt64).self) == built else { return false }
        }
        return true
    }()

    /// Whether the second word of a 64-bit string's bits marks a small string (bit 61 of its discriminator byte,
    /// the layout Swift's standard library fixes for 64-bit platforms), whose bytes are stored in the two words.
    /// `hasSameBytes(as:)` in PushFakeCore trusts it (inlinable: it runs for every key compared);
    /// `SmallStringBitsTests` holds it to the running library.
    @inlinable
    package static func isSmall(_ secondWord: UInt64) -> Bool {
        secondWord & (1 << 61) != 0
    }

    /// Up to 15 bytes copied into two words, in memory order, the rest zero.
    @inline(__always)
    private static func smallASCIIWords(_ bytes: UnsafeBufferPointer<UInt8>) -> (UInt64, UInt64) {
        var words: (UInt64, UInt64) = (0, 0)
        withUnsafeMutableBytes(of: &words) { raw in
            guard let source = bytes.baseAddress, let target = raw.baseAddress else { return }
            target.copyMemory(from: source, byteCount: Swift.min(bytes.count, 15))
        }
        return words
    }
}

extension UInt8 {
    /// `HEXDIG` (RFC 5234) in either case: chunk sizes, IPv6 groups in a `Host`, APNs device tokens.
    @inlinable
    package var isHexDigit: Bool {
        let folded = self | 0x20
        return (0x30...0x39).contains(self) || (0x61...0x66).contains(folded)
    }
}

/// Byte classes and small scanners from RFC 9110 / RFC 9112, shared by the head and chunk parsers.
///
/// Everything works on bytes: splitting `String`s costs three to four times as much per request.
enum HTTP1Grammar {
    static let lineFeed: UInt8 = 0x0A
    static let carriageReturn: UInt8 = 0x0D
    static let space: UInt8 = 0x20
    static let tab: UInt8 = 0x09
    static let colon: UInt8 = 0x3A
    static let comma: UInt8 = 0x2C
    static let semicolon: UInt8 = 0x3B

    /// The index of the first LF in `start..<end`, or `end`.
    ///
    /// Looking for the line end dominates head parsing, so this tests eight bytes per step (the classic
    /// "has zero byte" bit trick on `word XOR 0x0A0A…`) before finishing byte by byte.
    @inline(__always)
    static func indexOfLineFeed(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Int {
        var index = start
        if let base = bytes.baseAddress {
            let raw = UnsafeRawPointer(base)
            while index + 8 <= end {
                let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))
                let diff = word ^ 0x0A0A_0A0A_0A0A_0A0A
                // A set high bit marks a zero byte of `diff`; false positives only occur above a true one,
                // so the lowest set bit is the first LF.
                let found = (diff &- 0x0101_0101_0101_0101) & ~diff & 0x8080_8080_8080_8080
                if found != 0 { return index + found.trailingZeroBitCount / 8 }
                index += 8
            }
        }
        while index < end && bytes[index] != lineFeed { index += 1 }
        return index
    }

    /// `tchar` (RFC 9110 §5.6.2): the bytes of methods, header names and coding names.
    @inline(__always)
    static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A:
            return true
        case 0x21, 0x23, 0x24, 0x25, 0x26, 0x27, 0x2A, 0x2B, 0x2D, 0x2E, 0x5E, 0x5F, 0x60, 0x7C, 0x7E:
            return true
        default:
            return false
        }
    }

    /// `field-vchar` plus SP/HT: what may appear inside a field value. Bare CR, LF, NUL and the other
    /// controls are rejected rather than replaced, so a client bug shows up as a 400 in its tests.
    @inline(__always)
    static func isFieldValueByte(_ byte: UInt8) -> Bool {
        byte >= 0x20 ? byte != 0x7F : byte == tab
    }

    @inline(__always)
    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == space || byte == tab
    }

    /// The value of a hexadecimal digit, or `nil`.
    @inline(__always)
    static func hexValue(_ byte: UInt8) -> Int? {
        switch byte {
        case 0x30...0x39: return Int(byte - 0x30)
        case 0x41...0x46: return Int(byte - 0x41 + 10)
        case 0x61...0x66: return Int(byte - 0x61 + 10)
        default: return nil
        }
    }

    /// Whether `bytes[range]` equals `lowercaseName` ignoring ASCII case; `lowercaseName` must be
    /// lowercase letters and `-`. OR-ing 0x20 folds only letters here: the other bytes that fold onto
    /// a letter or `-` are not token bytes, and callers only pass tokens.
    @inline(__always)
    static func equalsIgnoringCase(
        _ bytes: UnsafeBufferPointer<UInt8>,
        _ range: Range<Int>,
        _ lowercaseName: StaticString
    ) -> Bool {
        guard range.count == lowercaseName.utf8CodeUnitCount else { return false }
        let name = lowercaseName.utf8Start
        var offset = 0
        for index in range {
            guard bytes[index] | 0x20 == name[offset] else { return false }
            offset += 1
        }
        return true
    }

    /// `range` without leading and trailing SP/HT (optional whitespace, RFC 9110 §5.6.3).
    @inline(__always)
    static func trimmingWhitespace(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Range<Int> {
        var lower = range.lowerBound
        var upper = range.upperBound
        while lower < upper && isWhitespace(bytes[lower]) { lower += 1 }
        while upper > lower && isWhitespace(bytes[upper - 1]) { upper -= 1 }
        return lower..<upper
    }

    /// Calls `body` with each element of a comma-separated list, trimmed, skipping empty elements
    /// (RFC 9110 §5.6.1 lets senders write `a, , b`).
    @inline(__always)
    static func forEachListElement<Failure: Error>(
        _ bytes: UnsafeBufferPointer<UInt8>,
        _ range: Range<Int>,
        _ body: (Range<Int>) throws(Failure) -> Void
    ) throws(Failure) {
        var start = range.lowerBound
        var index = range.lowerBound
        while index <= range.upperBound {
            if index == range.upperBound || bytes[index] == comma {
                let element = trimmingWhitespace(bytes, start..<index)
                if !element.isEmpty { try body(element) }
                start = index + 1
            }
            index += 1
        }
    }

    @inline(__always)
    static func string(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
        String(decodingSmallASCII: UnsafeBufferPointer(rebasing: bytes[range]))
    }
}

import PushFakeHTTP1

/// Strings: UTF-8 checked once per string (only when a byte has its high bit set), escapes decoded, a `\u` escape
/// that leaves a surrogate unpaired refused.
extension JSONParser {
    func stringFailure(_ reason: String, at offset: Int) -> Failure {
        Failure(reason: reason, offset: offset, inString: true)
    }

    mutating func parseString() throws(Failure) -> String {
        position += 1
        let start = position
        // Any byte ≥ 0x80 sets the high bit: only then is the UTF-8 checked, once per string.
        var high: UInt8 = 0
        // Fast path: no escapes, so the bytes between the quotes are the string. Eight plain bytes at a time first.
        position = JSONPlainWords.end(of: bytes, from: position)
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                let slice = UnsafeBufferPointer(rebasing: bytes[start..<position])
                position += 1
                if high >= 0x80 {
                    try checkUTF8(start, position - 1)
                    return String(decoding: slice, as: UTF8.self)
                }
                return known.string(slice) ?? String(decodingSmallASCII: slice)
            }
            if byte == UInt8(ascii: "\\") { break }
            if byte < 0x20 { throw stringFailure("control character in string", at: position) }
            high |= byte
            position += 1
        }
        var scalars = Array(UnsafeBufferPointer(rebasing: bytes[start..<position]))
        while position < bytes.count {
            let byte = bytes[position]
            switch byte {
            case UInt8(ascii: "\""):
                // Escapes are ASCII in the input, so checking the raw input checks every byte copied.
                if high >= 0x80 { try checkUTF8(start, position) }
                position += 1
                return String(decoding: scalars, as: UTF8.self)
            case UInt8(ascii: "\\"):
                position += 1
                try parseEscape(into: &scalars)
            case 0..<0x20:
                throw stringFailure("control character in string", at: position)
            default:
                high |= byte
                scalars.append(byte)
                position += 1
            }
        }
        throw failure("unterminated string")
    }

    /// Throws at the first byte of `bytes[start..<end]` that is not well-formed UTF-8 (RFC 3629: no overlong
    /// forms, no encoded surrogates, nothing above U+10FFFF). Called only for strings with a byte ≥ 0x80.
    @inline(never)
    func checkUTF8(_ start: Int, _ end: Int) throws(Failure) {
        var index = start
        while index < end {
            let lead = bytes[index]
            if lead < 0x80 {
                index += 1
                continue
            }
            var length = 0
            var low: UInt8 = 0x80
            var top: UInt8 = 0xBF
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0: (length, low) = (3, 0xA0)
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED: (length, top) = (3, 0x9F)
            case 0xF0: (length, low) = (4, 0x90)
            case 0xF1...0xF3: length = 4
            case 0xF4: (length, top) = (4, 0x8F)
            default: break
            }
            guard length > 0, index + length <= end, (low...top).contains(bytes[index + 1]),
                (2..<length).allSatisfy({ (0x80...0xBF).contains(bytes[index + $0]) })
            else { throw stringFailure("invalid UTF-8 in string", at: index) }
            index += length
        }
    }

    mutating func parseEscape(into output: inout [UInt8]) throws(Failure) {
        guard position < bytes.count else { throw failure("unterminated escape") }
        let escapeStart = position - 1
        let byte = bytes[position]
        position += 1
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): output.append(byte)
        case UInt8(ascii: "b"): output.append(0x08)
        case UInt8(ascii: "f"): output.append(0x0C)
        case UInt8(ascii: "n"): output.append(0x0A)
        case UInt8(ascii: "r"): output.append(0x0D)
        case UInt8(ascii: "t"): output.append(0x09)
        case UInt8(ascii: "u"):
            var scalar = try parseHex4()
            if (0xD800...0xDBFF).contains(scalar) {
                // A high surrogate must be followed by an escaped low surrogate.
                guard position + 1 < bytes.count, bytes[position] == UInt8(ascii: "\\"),
                    bytes[position + 1] == UInt8(ascii: "u")
                else { throw stringFailure("unpaired surrogate escape \\u\(hex(scalar))", at: escapeStart) }
                position += 2
                let low = try parseHex4()
                guard (0xDC00...0xDFFF).contains(low) else {
                    throw stringFailure("unpaired surrogate escape \\u\(hex(scalar))", at: escapeStart)
                }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            } else if (0xDC00...0xDFFF).contains(scalar) {
                throw stringFailure("unpaired surrogate escape \\u\(hex(scalar))", at: escapeStart)
            }
            guard let unicode = Unicode.Scalar(scalar) else {
                throw stringFailure("invalid \\u escape", at: escapeStart)
            }
            output.append(contentsOf: Array(String(Character(unicode)).utf8))
        default:
            throw failure("invalid escape")
        }
    }

    func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    mutating func parseHex4() throws(Failure) -> UInt32 {
        guard position + 4 <= bytes.count else { throw failure("truncated \\u escape") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[position]
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw failure("invalid \\u escape")
            }
            value = value << 4 | digit
            position += 1
        }
        return value
    }
}

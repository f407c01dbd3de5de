/// A text with its escapes undone, each decoded byte mapped back to the raw bytes it came from: how
/// ``SecretScanner`` finds a secret that a client wrote JSON-escaped (`tok\/+=1` as PHP writes `/`, `\u0074ok`) or
/// percent-encoded (`tok%2F%2B%3D1`) (RecordingFormat.md, "Secrets and placeholders").
///
/// One decoding undoes both kinds wherever they stand, since a client may put a percent-encoded URL in a JSON string
/// or JSON in a query; ``decodedAgain()`` undoes a second layer (JSON inside a JSON string, `%252F`).
struct EscapedText {
    /// The decoded bytes.
    private(set) var bytes: [UInt8] = []
    /// For each decoded byte, the raw range of the escape (or plain byte) it came from.
    private(set) var rawStarts: [Int] = []
    private(set) var rawEnds: [Int] = []
    /// Whether any escape was undone.
    private(set) var changed = false

    /// The raw bytes as they are (every byte its own unit).
    init(raw: [UInt8]) {
        bytes = raw
        rawStarts = Array(raw.indices)
        rawEnds = raw.indices.map { $0 &+ 1 }
    }

    private init() {}

    /// Whether `raw` holds anything an escape could start with.
    static func mayHoldEscapes(_ raw: [UInt8]) -> Bool {
        raw.contains { $0 == UInt8(ascii: "%") || $0 == UInt8(ascii: "\\") || $0 == UInt8(ascii: "+") }
    }

    /// The text with one layer of JSON and percent escapes undone; `plusIsSpace` also reads `+` as a space, as a
    /// form-encoded query does.
    func decodedAgain(plusIsSpace: Bool = false) -> EscapedText {
        var result = EscapedText()
        result.bytes.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let (decoded, length) = Self.unit(at: index, in: bytes, plusIsSpace: plusIsSpace)
            let end = index &+ length
            let start = rawStarts[index]
            let rawEnd = rawEnds[end &- 1]
            if length > 1 || decoded.first != bytes[index] { result.changed = true }
            for byte in decoded {
                result.bytes.append(byte)
                result.rawStarts.append(start)
                result.rawEnds.append(rawEnd)
            }
            index = end
        }
        return result
    }

    /// Whether decoded byte `index` is the first of the bytes its escape stands for.
    func startsUnit(_ index: Int) -> Bool { index == 0 || rawStarts[index &- 1] != rawStarts[index] }

    /// Whether decoded byte `index` is the last of the bytes its escape stands for.
    func endsUnit(_ index: Int) -> Bool { index == bytes.count &- 1 || rawStarts[index &+ 1] != rawStarts[index] }

    /// The bytes the unit at `index` stands for and its raw length: a `%XX` escape, a JSON escape (`\/`, `\n`,
    /// `\u00e9`, a surrogate pair), or one plain byte.
    private static func unit(at index: Int, in bytes: [UInt8], plusIsSpace: Bool) -> ([UInt8], Int) {
        let byte = bytes[index]
        if byte == UInt8(ascii: "%"), let high = hex(bytes, index &+ 1), let low = hex(bytes, index &+ 2) {
            return ([UInt8(high &* 16 &+ low)], 3)
        }
        if byte == UInt8(ascii: "+"), plusIsSpace { return ([0x20], 1) }
        guard byte == UInt8(ascii: "\\"), index &+ 1 < bytes.count else { return ([byte], 1) }
        switch bytes[index &+ 1] {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): return ([bytes[index &+ 1]], 2)
        case UInt8(ascii: "b"): return ([0x08], 2)
        case UInt8(ascii: "f"): return ([0x0C], 2)
        case UInt8(ascii: "n"): return ([0x0A], 2)
        case UInt8(ascii: "r"): return ([0x0D], 2)
        case UInt8(ascii: "t"): return ([0x09], 2)
        case UInt8(ascii: "u"):
            guard let first = codeUnit(bytes, index &+ 2) else { return ([byte], 1) }
            var scalar = Unicode.Scalar(first)
            var length = 6
            if (0xD800...0xDBFF).contains(first), index &+ 7 < bytes.count, bytes[index &+ 6] == UInt8(ascii: "\\"),
                bytes[index &+ 7] == UInt8(ascii: "u"), let second = codeUnit(bytes, index &+ 8),
                (0xDC00...0xDFFF).contains(second)
            {
                scalar = Unicode.Scalar(0x10000 &+ ((first &- 0xD800) << 10) &+ (second &- 0xDC00))
                length = 12
            }
            guard let scalar else { return ([byte], 1) }
            return (Array(String(Character(scalar)).utf8), length)
        default:
            return ([byte], 1)
        }
    }

    /// The four hex digits at `index` as a UTF-16 code unit.
    private static func codeUnit(_ bytes: [UInt8], _ index: Int) -> UInt32? {
        var value: UInt32 = 0
        for offset in 0..<4 {
            guard let digit = hex(bytes, index &+ offset) else { return nil }
            value = value &* 16 &+ UInt32(digit)
        }
        return value
    }

    private static func hex(_ bytes: [UInt8], _ index: Int) -> UInt8? {
        guard index < bytes.count else { return nil }
        switch bytes[index] {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return bytes[index] &- UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return bytes[index] &- UInt8(ascii: "a") &+ 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return bytes[index] &- UInt8(ascii: "A") &+ 10
        default: return nil
        }
    }
}

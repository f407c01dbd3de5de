/// Recognises timestamps, which differ between a recording and a replay without being drift: ISO 8601, TwinPush's
/// form, and the IMF-fixdate of a `Date` header.
enum Timestamps {
    /// An ISO 8601 date and time (`2026-01-01T00:00:00.000Z`, `2026-01-01T01:00:00+01:00`) or the TwinPush form
    /// `2026-01-01 00:00:00 UTC`: `YYYY-MM-DD`, `T` or a space, `hh:mm`, then only seconds, fractions and a zone.
    static func isTimestamp(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        if isHTTPDate(bytes) { return true }
        let shape = Array("0000-00-00T00:00".utf8)
        guard bytes.count >= shape.count, bytes.count <= 40 else { return false }
        for (byte, expected) in zip(bytes, shape) {
            switch expected {
            case UInt8(ascii: "0"): guard byte >= 0x30 && byte <= 0x39 else { return false }
            case UInt8(ascii: "T"): guard byte == UInt8(ascii: "T") || byte == UInt8(ascii: " ") else { return false }
            default: guard byte == expected else { return false }
            }
        }
        let zone = Set("0123456789:.+- ZUTC".utf8)
        return bytes[shape.count...].allSatisfy { zone.contains($0) }
    }

    /// An IMF-fixdate, the form of a `Date` header (`Thu, 01 Jan 2026 00:00:00 GMT`, RFC 9110 §5.6.7): a compared
    /// `Date` differs between a recording and a replay without being drift.
    static func isHTTPDate(_ bytes: [UInt8]) -> Bool {
        let shape = Array("Aaa, 00 Aaa 0000 00:00:00 GMT".utf8)
        guard bytes.count == shape.count else { return false }
        for (byte, expected) in zip(bytes, shape) {
            switch expected {
            case UInt8(ascii: "0"): guard byte >= 0x30 && byte <= 0x39 else { return false }
            case UInt8(ascii: "A"): guard byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") else { return false }
            case UInt8(ascii: "a"): guard byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z") else { return false }
            default: guard byte == expected else { return false }
            }
        }
        return true
    }
}

import Foundation

/// A badge value as TwinPush reads it (TwinPushWireProtocol.md §5.3, §9): a number sets the badge, `"+N"` / `"-N"` move it,
/// and the result never goes below 0 (DOCS). *Fake-specific*: values and results stay within ±``limit``, the
/// largest badge a 32-bit client shows; a larger number is refused rather than wrapped or trapped on.
enum TwinPushBadge: Sendable, Equatable {
    case set(Int)
    case add(Int)

    /// The largest badge and the largest step: 2,147,483,647.
    static let limit = 2_147_483_647

    /// What the handlers' messages say a badge may be.
    static let expected = "a number from -2147483647 to 2147483647, a numeric string, or \"+N\" / \"-N\""

    /// Reads an integer, a numeric string (iOS sends `"0"`), or `"+N"` / `"-N"`, within ±``limit``; `nil` for
    /// anything else.
    init?(_ value: JSON) {
        switch value {
        case .string(let text):
            guard let badge = Self.reading(text) else { return nil }
            self = badge
        default:
            // A range check, not `abs`: `abs(Int.min)` traps, and a JSON number of -9223372036854775808 is an Int.
            guard value.stringValue == nil, let number = value.intValue, (-Self.limit...Self.limit).contains(number)
            else { return nil }
            self = .set(number)
        }
    }

    /// A badge sent as text, spaces and tabs around it ignored (Foundation's `.whitespaces`).
    ///
    /// ASCII text, what clients send, is read byte by byte: trimming through Foundation bridged the string to
    /// `NSString` and back, about 6,400 instructions of a 44,000-instruction `update_badge` under callgrind
    /// (Performance.md). Other text takes that path, so both read every string alike.
    static func reading(_ text: String) -> TwinPushBadge? {
        var text = text
        switch text.withUTF8({ readingASCII($0) }) {
        case .some(let badge): return badge
        case .none: return readingUnicode(text)
        }
    }

    /// `nil` when the text has a byte ≥ 0x80; else the badge, or `.some(nil)` for text that is none.
    private static func readingASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> TwinPushBadge?? {
        guard !bytes.contains(where: { $0 >= 0x80 }) else { return nil }
        // `.whitespaces` holds two ASCII characters: space and tab.
        let isSpace = { (byte: UInt8) in byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        var start = 0
        var end = bytes.count
        while start < end, isSpace(bytes[start]) { start += 1 }
        while end > start, isSpace(bytes[end - 1]) { end -= 1 }
        guard start < end else { return .some(nil) }
        let sign = bytes[start]
        let signed = sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-")
        if signed { start += 1 }
        guard start < end else { return .some(nil) }
        var number = 0
        for byte in bytes[start..<end] {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return .some(nil) }
            // Checked against the limit before each step, so `number * 10 + 9` stays far inside `Int`.
            guard number <= limit else { return .some(nil) }
            number = number &* 10 &+ Int(byte &- UInt8(ascii: "0"))
        }
        guard number <= limit else { return .some(nil) }
        guard signed else { return .some(.set(number)) }
        return .some(.add(sign == UInt8(ascii: "+") ? number : -number))
    }

    /// Any text, trimmed by Foundation: the reading ``readingASCII(_:)`` matches.
    static func readingUnicode(_ text: String) -> TwinPushBadge? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard let first = trimmed.first else { return nil }
        if first == "+" || first == "-" {
            let digits = trimmed.dropFirst()
            guard !digits.isEmpty, digits.allSatisfy(\.isASCIIDigit), let amount = Int(digits), amount <= Self.limit
            else { return nil }
            return .add(first == "+" ? amount : -amount)
        }
        guard trimmed.allSatisfy(\.isASCIIDigit), let number = Int(trimmed), number <= Self.limit else { return nil }
        return .set(number)
    }

    /// The badge after applying this value to `current`, within 0…``limit``.
    func applied(to current: Int) -> Int {
        switch self {
        case .set(let value): return min(max(0, value), Self.limit)
        case .add(let delta):
            let (sum, overflow) = current.addingReportingOverflow(delta)
            if overflow { return delta < 0 ? 0 : Self.limit }
            return min(max(0, sum), Self.limit)
        }
    }

    /// The value as the REST notification object shows it (`"+1"`, `"-2"`, `"5"`).
    var text: String {
        switch self {
        case .set(let value): return String(value)
        case .add(let delta): return delta < 0 ? String(delta) : "+\(delta)"
        }
    }
}

extension Character {
    var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}

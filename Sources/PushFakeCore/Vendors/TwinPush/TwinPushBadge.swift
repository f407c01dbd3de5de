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
            let trimmed = text.trimmingCharacters(in: .whitespaces)
            guard let first = trimmed.first else { return nil }
            if first == "+" || first == "-" {
                let digits = trimmed.dropFirst()
                guard !digits.isEmpty, digits.allSatisfy(\.isASCIIDigit), let amount = Int(digits),
                    amount <= Self.limit
                else { return nil }
                self = .add(first == "+" ? amount : -amount)
            } else {
                guard trimmed.allSatisfy(\.isASCIIDigit), let number = Int(trimmed), number <= Self.limit else {
                    return nil
                }
                self = .set(number)
            }
        default:
            // A range check, not `abs`: `abs(Int.min)` traps, and a JSON number of -9223372036854775808 is an Int.
            guard value.stringValue == nil, let number = value.intValue, (-Self.limit...Self.limit).contains(number)
            else { return nil }
            self = .set(number)
        }
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

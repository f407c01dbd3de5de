import Foundation

/// A badge value as TwinPush reads it (TwinPushWireProtocol.md §5.3, §9): a number sets the badge, `"+N"` / `"-N"` move it,
/// and the result never goes below 0 (DOCS).
enum TwinPushBadge: Sendable, Equatable {
    case set(Int)
    case add(Int)

    /// Reads an integer, a numeric string (iOS sends `"0"`), or `"+N"` / `"-N"`; `nil` for anything else.
    init?(_ value: JSON) {
        switch value {
        case .string(let text):
            let trimmed = text.trimmingCharacters(in: .whitespaces)
            guard let first = trimmed.first else { return nil }
            if first == "+" || first == "-" {
                let digits = trimmed.dropFirst()
                guard !digits.isEmpty, digits.allSatisfy(\.isASCIIDigit), let amount = Int(digits) else { return nil }
                self = .add(first == "+" ? amount : -amount)
            } else {
                guard trimmed.allSatisfy(\.isASCIIDigit), let number = Int(trimmed) else { return nil }
                self = .set(number)
            }
        default:
            guard value.stringValue == nil, let number = value.intValue else { return nil }
            self = .set(number)
        }
    }

    /// The badge after applying this value to `current`, clamped at 0.
    func applied(to current: Int) -> Int {
        switch self {
        case .set(let value): return max(0, value)
        case .add(let delta): return max(0, current &+ delta)
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

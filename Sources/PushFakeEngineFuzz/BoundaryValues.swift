import PushFakeCore

/// The numbers on which `abs`, negation, `+ - *`, `Int(Double)` and narrowing conversions trap or lose precision
/// (issue 16), as a client writes them: JSON numbers, and the same as strings for fields that take strings.
/// The boundary-value tests send each into every numeric field of every vendor route, admin route, state document
/// and CLI option.
public enum BoundaryValues {
    /// JSON number texts: `Int.min`, `Int.min + 1`, `Int.max`, `Int.max + 1`, `-0`, `2^53 + 1`, `1e19`, `1e308`,
    /// `-1e308`.
    public static let numbers = [
        "-9223372036854775808", "-9223372036854775807", "9223372036854775807", "9223372036854775808", "-0",
        "9007199254740993", "1e19", "1e308", "-1e308",
    ]

    /// The same as texts a string field or a query parameter carries, plus the signed forms TwinPush badges take.
    public static let strings = numbers + ["+9223372036854775807", "-0.0", ""]

    /// What a field of `form` is sent: JSON texts (numbers unquoted, strings quoted).
    public static func jsonTexts(for form: VendorField.Form) -> [String] {
        switch form {
        case .integer, .number: return numbers
        case .integerOrString: return numbers + strings.map(quoted)
        case .numericString: return strings.map(quoted)
        }
    }

    /// `text` as a JSON string literal.
    public static func quoted(_ text: String) -> String {
        JSON.string(text).serializedString()
    }
}

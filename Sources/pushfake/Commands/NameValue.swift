/// `name=value` (a header, a body field, a secret, an upstream): split at the first `=`, the name not empty.
struct NameValue: Sendable, Equatable {
    let name: String
    let value: String

    init(name: String, value: String) {
        self.name = name
        self.value = value
    }

    /// `text` split at its first `=`; `nil` when it has none or nothing before it.
    init?(splitting text: String) {
        guard let equals = text.firstIndex(of: "="), equals != text.startIndex else { return nil }
        self.init(name: String(text[..<equals]), value: String(text[text.index(after: equals)...]))
    }
}

extension ValueRule where Value == NameValue {
    /// `name=value`, the name not empty.
    static var nameValue: ValueRule {
        .custom { text throws(OptionError) in
            guard let pair = NameValue(splitting: text) else { throw .takes("name=value", not: text) }
            return pair
        }
    }
}

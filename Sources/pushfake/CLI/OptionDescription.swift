/// An option described by data rather than declared in code: a query parameter of an admin operation, say, turned
/// into `--status <status>` at run time. It is checked as a declared option is (its kind carries the range or the
/// choices), shown in help and completed the same way, and its values are read back typed from ``DescribedValues``.
///
/// ```swift
/// let status = OptionDescription(
///     name: "--status", placeholder: "status", help: "Only answers with this status", kind: .integer(100...599))
/// // in a ParsableOptions type with `var query = DescribedValues()`:
/// static var options: [Option<Self>] { [.described(status, into: \.query)] }
/// // in the command: options.query.integer(status) -> Int?
/// ```
struct OptionDescription: Sendable, Equatable {
    /// What values an option takes.
    enum Kind: Sendable, Equatable {
        /// A flag: no value; `true` when given.
        case flag
        /// Any text.
        case text
        /// A whole number in the range.
        case integer(ClosedRange<Int>)
        /// A finite number in the range.
        case number(ClosedRange<Double>)
        /// One of these words.
        case choice([String])
    }

    /// `--status`.
    let name: String
    /// `status`; unused for a flag.
    var placeholder: String
    var help: String
    var kind: Kind
    /// May be given more than once; every value is kept.
    var repeatable = false
    var aliases: [OptionAlias] = []
}

/// The values of ``OptionDescription`` options, in the order given, typed by their kind.
struct DescribedValues: Sendable, Equatable {
    /// One typed value.
    enum Value: Sendable, Equatable {
        case flag(Bool)
        case text(String)
        case integer(Int)
        case number(Double)

        /// The value as a query parameter's text (`true`, `200`, `1.5`).
        var text: String {
            switch self {
            case .flag(let value): return String(value)
            case .text(let value): return value
            case .integer(let value): return String(value)
            case .number(let value): return String(value)
            }
        }
    }

    /// One value of one option.
    struct Entry: Sendable, Equatable {
        /// The option's name (`--status`), whatever spelling was given.
        let name: String
        let value: Value
    }

    /// Every value, in the order given.
    private(set) var entries: [Entry] = []

    mutating func append(_ value: Value, for description: OptionDescription) {
        entries.append(Entry(name: description.name, value: value))
    }

    /// Every value given for `description`, in order.
    func values(_ description: OptionDescription) -> [Value] {
        entries.filter { $0.name == description.name }.map(\.value)
    }

    /// The last value given for `description`.
    func value(_ description: OptionDescription) -> Value? {
        values(description).last
    }

    func text(_ description: OptionDescription) -> String? {
        guard case .text(let value)? = value(description) else { return nil }
        return value
    }

    func integer(_ description: OptionDescription) -> Int? {
        guard case .integer(let value)? = value(description) else { return nil }
        return value
    }

    func number(_ description: OptionDescription) -> Double? {
        guard case .number(let value)? = value(description) else { return nil }
        return value
    }

    func flag(_ description: OptionDescription) -> Bool {
        guard case .flag(let value)? = value(description) else { return false }
        return value
    }
}

extension Option {
    /// The option `description` describes, its values kept typed in `values` (``DescribedValues``).
    static func described(
        _ description: OptionDescription, into values: WritableKeyPath<Options, DescribedValues>
    ) -> Option {
        let rule = DescribedValues.rule(description.kind)
        let spec = OptionSpec(
            name: description.name, aliases: description.aliases,
            value: description.kind == .flag ? nil : description.placeholder, help: description.help,
            repeatable: description.repeatable, choices: rule.choices, completion: rule.completion)
        return Option(spec: spec, keyPath: values) { options, text, inverted throws(OptionError) in
            // A flag has no text: it is on, or off again for `--no-<flag>`.
            let value: DescribedValues.Value
            if let text { value = try rule.read(text) } else { value = .flag(!inverted) }
            options[keyPath: values].append(value, for: description)
        }
    }
}

extension DescribedValues {
    /// How a value of `kind` is read and checked.
    static func rule(_ kind: OptionDescription.Kind) -> ValueRule<Value> {
        switch kind {
        case .flag, .text:
            return .custom { text throws(OptionError) in .text(text) }
        case .integer(let range):
            let rule = ValueRule.integer(in: range)
            return .custom { text throws(OptionError) in .integer(try rule.read(text)) }
        case .number(let range):
            let rule = ValueRule.number(in: range)
            return .custom { text throws(OptionError) in .number(try rule.read(text)) }
        case .choice(let words):
            let rule = ValueRule.choice(words)
            return ValueRule(choices: words) { text throws(OptionError) in .text(try rule.read(text)) }
        }
    }
}

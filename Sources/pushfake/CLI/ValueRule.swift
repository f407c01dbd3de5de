/// How an option's or argument's text becomes a typed value, and what it must be: part of the declaration, so every
/// value from the command line is type- and range-checked where it enters, and the usage error names the option
/// (`--port must be a number in 0...65535, not 70000`).
///
/// ```swift
/// .value("--port", \.port, "port", .integer(in: 0...65_535), "Port to bind")
/// .value("--clock", \.clock, "mode", .choice(FakeClock.Mode.self), "fixed or real")
/// ```
struct ValueRule<Value> {
    /// The words the completion scripts offer: all the rule takes for a choice, the usual ones otherwise.
    var choices: [String] = []
    /// What the completion scripts offer for it.
    var completion: CompletionKind = .none
    /// The whole numbers a number rule takes (``integer(in:)``): help and tests read the range from here.
    var bounds: ClosedRange<Int>?
    /// The value `text` spells, or why it spells none (said after the option's name).
    let read: (String) throws(OptionError) -> Value

    /// A value read by `read`, which throws ``OptionError`` saying what it takes.
    static func custom(_ read: @escaping (String) throws(OptionError) -> Value) -> ValueRule {
        ValueRule(read: read)
    }

    /// This rule, then `check` on its value (a further condition, said as the error).
    func checked(_ check: @escaping (Value, String) throws(OptionError) -> Void) -> ValueRule {
        let first = read
        return ValueRule(choices: choices, completion: completion, bounds: bounds) {
            (text: String) throws(OptionError) in
            let value = try first(text)
            try check(value, text)
            return value
        }
    }
}

/// Why a value was refused; the usage error puts the option's name in front of ``problem``.
struct OptionError: Error, Equatable {
    /// `must be a number in 0...65535, not 70000`.
    let problem: String

    init(_ problem: String) {
        self.problem = problem
    }

    /// `takes <id>:<api-token>:<creator-token>, not only-id`.
    static func takes(_ what: String, not text: String) -> OptionError {
        OptionError("takes \(what), not \(text)")
    }
}

extension ValueRule where Value == String {
    /// Any text.
    static var text: ValueRule { ValueRule { text throws(OptionError) in text } }

    /// A file name (completed as one).
    static var file: ValueRule { ValueRule(completion: .file) { text throws(OptionError) in text } }

    /// A directory name (completed as one).
    static var directory: ValueRule { ValueRule(completion: .directory) { text throws(OptionError) in text } }

    /// A command's name (checked by the command, which knows the table), completed from the command table.
    static var commandName: ValueRule { ValueRule(completion: .commands) { text throws(OptionError) in text } }

    /// One of `words`, in the order the error lists them.
    static func choice(_ words: [String]) -> ValueRule {
        ValueRule(choices: words) { text throws(OptionError) in
            guard words.contains(text) else {
                throw OptionError("must be one of \(words.joined(separator: ", ")), not \(text)")
            }
            return text
        }
    }
}

extension ValueRule where Value: CaseIterable & RawRepresentable, Value.RawValue == String {
    /// One of the type's cases, spelled by its raw value (listed in declaration order).
    static func choice(_ type: Value.Type) -> ValueRule {
        let words = Value.allCases.map(\.rawValue)
        return ValueRule(choices: words) { text throws(OptionError) in
            guard let value = Value(rawValue: text) else {
                throw OptionError("must be one of \(words.joined(separator: ", ")), not \(text)")
            }
            return value
        }
    }
}

extension ValueRule where Value == Int {
    /// A whole number in `range`.
    static func integer(in range: ClosedRange<Int>) -> ValueRule {
        ValueRule(bounds: range) { text throws(OptionError) in
            guard let value = Int(text), range.contains(value) else { throw .outOfRange(range, text) }
            return value
        }
    }
}

extension ValueRule where Value == UInt64 {
    /// A whole number in 0...UInt64.max (a seed).
    static var unsigned: ValueRule {
        ValueRule { text throws(OptionError) in
            guard let value = UInt64(text) else { throw .outOfRange(0...UInt64.max, text) }
            return value
        }
    }
}

extension ValueRule where Value == Double {
    /// A finite number in `range` (`1.5`, `-60`).
    static func number(in range: ClosedRange<Double>) -> ValueRule {
        ValueRule { text throws(OptionError) in
            guard let value = Double(text), value.isFinite, range.contains(value) else {
                throw .outOfRange(range, text)
            }
            return value
        }
    }
}

extension OptionError {
    /// `must be a number in 0...65535, not 70000`.
    static func outOfRange<Bound>(_ range: ClosedRange<Bound>, _ text: String) -> OptionError {
        OptionError("must be a number in \(range.lowerBound)...\(range.upperBound), not \(text)")
    }
}

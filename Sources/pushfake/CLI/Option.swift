/// One option of a command, declared once with the property it fills: the parser, help, the completion scripts
/// and the usage errors all come from it, and the command reads the property, so a misspelt name does not compile.
///
/// ```swift
/// struct HealthOptions: ParsableOptions {
///     var server = ServerOptions()
///     var timeout = 3.0
///     static var options: [Option<Self>] {
///         ServerOptions.options.within(\.server) + [
///             .value("--timeout", \.timeout, "seconds", .number(in: 0.001...3600), "How long to wait (default 3)")
///         ]
///     }
/// }
/// ```
struct Option<Options> {
    /// The option as data, for the parser, help and completions.
    let spec: OptionSpec
    /// The property it fills, so a command can ask which options were given (``CommandContext/isGiven(_:)``).
    let keyPath: AnyKeyPath
    /// Stores one occurrence in `options`: `text` is the value (`nil` for a flag), `inverted` for `--no-<flag>`.
    let apply: (_ options: inout Options, _ text: String?, _ inverted: Bool) throws(OptionError) -> Void

    /// A flag: `true` when given, `false` again after `--no-<name>` when `invertible` (the last one given wins). A
    /// flag whose property defaults to `true` is always invertible, and help says it is on by default.
    static func flag(
        _ name: String, short: String? = nil, _ keyPath: WritableKeyPath<Options, Bool>, invertible: Bool = false,
        _ help: String
    ) -> Option {
        let spec = OptionSpec(name: name, short: short, value: nil, help: help, invertible: invertible)
        return Option(spec: spec, keyPath: keyPath) { options, _, inverted throws(OptionError) in
            options[keyPath: keyPath] = !inverted
        }
    }

    /// An option filling `keyPath`: a property with a default that the value replaces (`var port = 0`), an
    /// optional one that stays `nil` when the option is not given, or an array that takes every value in order
    /// (the option is then repeatable); ``OptionProperty`` says which.
    static func value<Property: OptionProperty>(
        _ name: String, _ keyPath: WritableKeyPath<Options, Property>, _ placeholder: String,
        _ rule: ValueRule<Property.Value>, aliases: [OptionAlias] = [], _ help: String
    ) -> Option {
        let spec = OptionSpec(
            name: name, aliases: aliases, value: placeholder, help: help, repeatable: Property.isRepeatable,
            choices: rule.choices, completion: rule.completion, bounds: rule.bounds)
        return Option(spec: spec, keyPath: keyPath) { options, text, _ throws(OptionError) in
            options[keyPath: keyPath].store(try rule.read(text ?? ""))
        }
    }

    /// This option, filling the same property inside the `group` of a larger set of options (the server options
    /// every admin command shares, the matcher options of `verify` and `wait`).
    func within<Outer>(_ group: WritableKeyPath<Outer, Options>) -> Option<Outer> {
        let apply = self.apply
        return Option<Outer>(spec: spec, keyPath: (group as AnyKeyPath).appending(path: keyPath) ?? group) {
            outer, text, inverted throws(OptionError) in
            try apply(&outer[keyPath: group], text, inverted)
        }
    }
}

extension Array {
    /// These options, each filling its property inside `group` (``Option/within(_:)``).
    func within<Inner, Outer>(_ group: WritableKeyPath<Outer, Inner>) -> [Option<Outer>]
    where Element == Option<Inner> {
        map { $0.within(group) }
    }
}

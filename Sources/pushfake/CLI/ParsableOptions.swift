/// A command's options and arguments as a typed struct: its properties hold the defaults, ``options`` and
/// ``arguments`` declare once how the command line fills them. Parsing starts from `init()` and applies each option
/// in the order given, so for an invertible flag the last of `--quiet` and `--no-quiet` wins.
protocol ParsableOptions: Sendable {
    init()
    /// The options, in the order help lists them.
    static var options: [Option<Self>] { get }
    /// The positional arguments, in order.
    static var arguments: [Argument<Self>] { get }
}

extension ParsableOptions {
    static var arguments: [Argument<Self>] { [] }

    /// The options the command line gave, checked and typed; a value its rule refuses is a usage error naming the
    /// option as it was spelt.
    static func parse(_ parsed: ParsedArguments) throws(CommandExit) -> (Self, CommandContext<Self>) {
        var options = Self()
        var given: [AnyKeyPath: String] = [:]
        let declared = Self.options
        for occurrence in parsed.occurrences {
            // The parser matched against the same declarations (CommandSpec keeps their specs in this order).
            guard declared.indices.contains(occurrence.index) else {
                throw CommandExit(.software, "\(occurrence.spelling) is not declared by \(parsed.command.displayName)")
            }
            let option = declared[occurrence.index]
            do throws(OptionError) {
                try option.apply(&options, occurrence.text, occurrence.inverted)
            } catch {
                throw parsed.usage("\(occurrence.spelling) \(error.problem)")
            }
            given[option.keyPath] = occurrence.spelling
        }
        let arguments = Self.arguments
        // The parser let words beyond the declared arguments through only for a variadic last one: it takes them.
        for (index, text) in parsed.positional.enumerated() {
            guard let last = arguments.indices.last else { break }
            let argument = arguments[Swift.min(index, last)]
            do throws(OptionError) {
                try argument.apply(&options, text)
            } catch {
                throw parsed.usage("<\(argument.spec.name)> \(error.problem)")
            }
        }
        return (options, CommandContext(parsed: parsed, given: given))
    }
}

/// One positional argument, declared with the property it fills.
struct Argument<Options> {
    let spec: ArgumentSpec
    let apply: (_ options: inout Options, _ text: String) throws(OptionError) -> Void

    /// A required argument.
    static func required<Value>(
        _ name: String, _ keyPath: WritableKeyPath<Options, Value>, _ rule: ValueRule<Value>, _ help: String
    ) -> Argument {
        let spec = ArgumentSpec(name: name, help: help, choices: rule.choices, completion: rule.completion)
        return Argument(spec: spec) { options, text throws(OptionError) in
            options[keyPath: keyPath] = try rule.read(text)
        }
    }

    /// The last argument, taking every remaining word (`fleet report A.json B.json …`); at least one.
    static func variadic<Value>(
        _ name: String, _ keyPath: WritableKeyPath<Options, [Value]>, _ rule: ValueRule<Value>, _ help: String
    ) -> Argument {
        let spec = ArgumentSpec(
            name: name, help: help, variadic: true, choices: rule.choices, completion: rule.completion)
        return Argument(spec: spec) { options, text throws(OptionError) in
            options[keyPath: keyPath].append(try rule.read(text))
        }
    }

    /// An argument that may be left out (`nil` then); only the last ones may be.
    static func optional<Value>(
        _ name: String, _ keyPath: WritableKeyPath<Options, Value?>, _ rule: ValueRule<Value>, _ help: String
    ) -> Argument {
        let spec = ArgumentSpec(
            name: name, help: help, optional: true, choices: rule.choices, completion: rule.completion)
        return Argument(spec: spec) { options, text throws(OptionError) in
            options[keyPath: keyPath] = try rule.read(text)
        }
    }
}

/// What a command knows about its command line besides the typed options: which options were given (for rules
/// between options, such as "cannot be combined") and how to say a usage error.
struct CommandContext<Options> {
    let parsed: ParsedArguments
    /// The spelling given for each property an option filled.
    let given: [AnyKeyPath: String]

    /// Whether an option filling `keyPath` was given (even with its default value, or inverted).
    func isGiven(_ keyPath: PartialKeyPath<Options>) -> Bool {
        given[keyPath] != nil
    }

    /// The spelling of the first option among `keyPaths` that was given, in the order of `keyPaths`.
    func firstGiven(_ keyPaths: [PartialKeyPath<Options>]) -> String? {
        keyPaths.lazy.compactMap { given[$0] }.first
    }

    /// The spelling of the first of `options` that was given, in the order of `options`.
    func firstGiven(_ options: [Option<Options>]) -> String? {
        options.lazy.compactMap { given[$0.keyPath] }.first
    }

    /// A usage error for this command: the message, then the command's usage.
    func usage(_ message: String) -> CommandExit {
        parsed.usage(message)
    }
}

/// For commands that take no options of their own.
struct NoOptions: ParsableOptions {
    static var options: [Option<Self>] { [] }
}

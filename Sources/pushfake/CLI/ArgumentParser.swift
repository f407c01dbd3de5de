/// Parses `pushfake` command lines against the command table: strictly, as swift-argument-parser tools do. Unknown
/// options and subcommands, missing or extra arguments, flags given values and options repeated that may not be are
/// all usage errors that name the culprit.
enum ArgumentParser {
    enum Outcome {
        case run(ParsedArguments)
        case help(CommandSpec)
    }

    static func parse(_ arguments: [String], root: CommandSpec) throws(CommandExit) -> Outcome {
        var command = root
        var rest = arguments[...]
        while !command.subcommands.isEmpty, let word = rest.first, !word.hasPrefix("-") {
            guard let sub = command.subcommands.first(where: { $0.path.last == word }) else {
                let what = command.path.isEmpty ? "command \(word)" : "subcommand \(word) for \(command.displayName)"
                throw ParsedArguments(command: command).usage("unknown \(what)")
            }
            command = sub
            rest = rest.dropFirst()
        }
        var parsed = ParsedArguments(command: command)
        while let argument = rest.popFirst() {
            if argument == "--help" || argument == "-h" { return .help(command) }
            if argument == "--" {
                parsed.positional += rest
                break
            }
            guard argument.hasPrefix("-"), argument.count > 1, !looksNumeric(argument) else {
                parsed.positional.append(argument)
                continue
            }
            try parseOption(argument, rest: &rest, into: &parsed)
        }
        guard command.run != nil else {
            throw parsed.usage("\(command.displayName) needs a subcommand")
        }
        try checkPositional(parsed)
        return .run(parsed)
    }

    private static func parseOption(
        _ argument: String, rest: inout ArraySlice<String>, into parsed: inout ParsedArguments
    ) throws(CommandExit) {
        var name = argument
        var inline: String?
        if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
            name = String(argument[..<equals])
            inline = String(argument[argument.index(after: equals)...])
        }
        guard
            let option = parsed.command.options.first(where: {
                $0.name == name || ($0.short != nil && $0.short == name)
            })
        else {
            throw parsed.usage("unknown option \(name)")
        }
        guard option.repeatable || (!parsed.flags.contains(option.name) && parsed.values[option.name] == nil) else {
            throw parsed.usage("\(option.name) is given more than once")
        }
        guard option.value != nil else {
            if inline != nil { throw parsed.usage("\(option.name) is a flag and takes no value") }
            parsed.flags.insert(option.name)
            return
        }
        guard let value = inline ?? rest.popFirst() else {
            throw parsed.usage("\(option.name) needs a value")
        }
        parsed.values[option.name, default: []].append(value)
    }

    private static func checkPositional(_ parsed: ParsedArguments) throws(CommandExit) {
        let specs = parsed.command.arguments
        if parsed.positional.count > specs.count, specs.last?.variadic != true {
            throw parsed.usage("unexpected argument \(parsed.positional[specs.count])")
        }
        for (index, spec) in specs.enumerated() where !spec.optional && index >= parsed.positional.count {
            throw parsed.usage("missing <\(spec.name)>")
        }
    }

    /// `-60` or `-1.5` is a value (a clock advance), not an option.
    private static func looksNumeric(_ argument: String) -> Bool {
        Double(argument) != nil
    }
}

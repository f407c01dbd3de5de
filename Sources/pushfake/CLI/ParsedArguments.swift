/// A command line after parsing against its command's ``OptionSpec``s, before the values are read: each option
/// occurrence in order, and the positional arguments. ``ParsableOptions/parse(_:)`` turns it into the command's typed
/// options.
struct ParsedArguments {
    /// One option on the command line.
    struct Occurrence {
        /// Where the option is in the command's ``CommandSpec/options``.
        let index: Int
        /// The spelling given (`--port`, `-q`, `--no-quiet`, an alias), for messages.
        let spelling: String
        /// The value, an alias's prefix already in front; `nil` for a flag.
        let text: String?
        /// `--no-<flag>`.
        let inverted: Bool
    }

    let command: CommandSpec
    var occurrences: [Occurrence] = []
    var positional: [String] = []

    /// A usage error for this command: the message, then the command's usage.
    func usage(_ message: String) -> CommandExit {
        CommandExit(.usage, message + "\n\n" + Help.usageLine(command) + "\nSee '\(command.displayName) --help'.")
    }
}

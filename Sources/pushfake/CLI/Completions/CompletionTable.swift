/// The command table as the completion scripts need it: every command path with its subcommands, options and
/// arguments, and what goes after each option. The three scripts are generated from it, so they offer exactly
/// what the parser accepts.
struct CompletionTable {
    /// One command: `[]` for `pushfake` itself, `["faults", "add"]`.
    struct Entry {
        let command: CommandSpec
        /// `faults add`; empty for the top level.
        var key: String { command.path.joined(separator: " ") }
    }

    /// What a completion script offers where a value goes.
    enum Value: Equatable {
        /// Any text: nothing to offer.
        case text
        /// These words (a choice, or the usual values).
        case words([String])
        case file
        case directory
        /// Command names, then subcommand names (`pushfake help`).
        case commands
    }

    /// Every command, parents before their subcommands.
    let entries: [Entry]

    init(root: CommandSpec) {
        func walk(_ command: CommandSpec) -> [Entry] { [Entry(command: command)] + command.subcommands.flatMap(walk) }
        entries = walk(root)
    }

    /// `--help` and `-h`, which every command takes besides its own options.
    static let helpSpellings = ["--help", "-h"]

    /// Every spelling of the entry's options, then `--help`, `-h`.
    static func optionWords(_ entry: Entry) -> [String] {
        entry.command.options.flatMap(\.spellings) + helpSpellings
    }

    /// The subcommands' names.
    static func subcommandWords(_ entry: Entry) -> [String] {
        entry.command.subcommands.compactMap(\.path.last)
    }

    /// What goes after `spelling` (an option that takes a value; `nil` for a flag).
    static func value(of option: OptionSpec) -> Value? {
        guard option.value != nil else { return nil }
        return value(option.choices, option.completion)
    }

    /// What goes in a positional argument.
    static func value(of argument: ArgumentSpec) -> Value {
        value(argument.choices, argument.completion)
    }

    private static func value(_ choices: [String], _ kind: CompletionKind) -> Value {
        switch kind {
        case .file: return .file
        case .directory: return .directory
        case .commands: return .commands
        case .none: return choices.isEmpty ? .text : .words(choices)
        }
    }

    /// A help text cut to its first clause, for the one-line descriptions zsh and fish show.
    static func shortHelp(_ help: String) -> String {
        var text = help
        for separator in [" (", "; ", ". "] {
            if let range = text.range(of: separator) { text = String(text[..<range.lowerBound]) }
        }
        return text.count > 80 ? String(text.prefix(79)) + "…" : text
    }

    /// `text` in single quotes for sh, bash and zsh.
    static func quoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }
}

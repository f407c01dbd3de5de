/// One option (`--port <port>`) or flag (`--quiet`) as data: what the parser matches, what help prints and what
/// the completion scripts offer. A command never builds these by hand: they come from its typed declarations
/// (``Option``), so an option cannot be accepted without being documented, or read without being declared.
struct OptionSpec: Sendable {
    /// `--port`.
    let name: String
    /// `-q`, when there is a short form.
    var short: String?
    /// Other names the option answers to (``OptionAlias``), shown in help.
    var aliases: [OptionAlias] = []
    /// The value's placeholder (`port`); `nil` for a flag, which takes no value.
    var value: String?
    let help: String
    /// May be given more than once (`--tpns-app K1 --tpns-app K2`); the values are kept in order.
    var repeatable = false
    /// A flag that `--no-<name>` turns off again: the last one given wins.
    var invertible = false
    /// Whether the flag is on when not given (its property defaults to `true`): help says so, and `--no-<name>` is
    /// then the useful spelling.
    var defaultsOn = false
    /// The words the completion scripts offer for the value, in order: all it takes for a choice (`fixed`, `real`),
    /// the usual ones otherwise (`booted`); empty when there are none.
    var choices: [String] = []
    /// What the completion scripts offer for the value.
    var completion: CompletionKind = .none
    /// The whole numbers the value may be, for a number option (`1...64` for `serve --event-loops`).
    var bounds: ClosedRange<Int>?

    /// `--no-quiet` for an invertible flag.
    var inversion: String? {
        invertible ? "--no-" + name.dropFirst(2) : nil
    }

    /// Every spelling on the command line: the name, the short form, the aliases and the inversion.
    var spellings: [String] {
        [name] + [short, inversion].compactMap { $0 } + aliases.map(\.name)
    }
}

/// Another name for an option. A plain alias (`--tpns-app` for `--app`) stands for the option itself; one with a
/// value prefix stands for the option with its value prefixed (`--tpns-app KEY` is `--app tpns:KEY`), so a generic
/// option can keep today's specific flags as documented spellings.
struct OptionAlias: Sendable, Equatable {
    /// `--tpns-app`.
    let name: String
    /// Put in front of the value given to the alias (`tpns:`); empty for a plain alias.
    var valuePrefix = ""
    /// The alias's own placeholder in help (`key`); `nil`: the option's.
    var value: String?
}

/// What a completion script offers where a value or an argument goes.
enum CompletionKind: Sendable, Equatable {
    /// Nothing in particular (the shell's default).
    case none
    /// File names.
    case file
    /// Directory names.
    case directory
    /// The commands of the table, then their subcommands (`pushfake help <command> [<subcommand>]`).
    case commands
}

/// One positional argument, as data (from the command's typed ``Argument`` declarations).
struct ArgumentSpec: Sendable {
    /// Shown in usage as `<name>`.
    let name: String
    let help: String
    var optional = false
    /// The last argument only: it takes every remaining word (`fleet report A.json B.json …`).
    var variadic = false
    /// The words it must be one of; empty when any text may do.
    var choices: [String] = []
    /// What the completion scripts offer for it.
    var completion: CompletionKind = .none
}

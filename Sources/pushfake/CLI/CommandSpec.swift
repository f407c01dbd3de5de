/// What a `pushfake` command accepts, as data: the parser, `--help`, `pushfake help CMD` and the README's tables
/// all come from it, so an option cannot be accepted without being documented or documented without being accepted.
struct CommandSpec: Sendable {
    /// The words after `pushfake`, e.g. `["state", "dump"]`.
    let path: [String]
    /// One line for command lists.
    let summary: String
    /// Paragraphs shown under OVERVIEW in the command's help.
    var discussion: String = ""
    /// Positional arguments, in order.
    var arguments: [ArgumentSpec] = []
    /// Options and flags.
    var options: [OptionSpec] = []
    /// Subcommands (`faults add`, `state dump`, …); a command with subcommands takes no arguments of its own.
    var subcommands: [CommandSpec] = []
    /// Runs the command; `nil` for a group whose subcommand is required.
    var run: (@Sendable (ParsedArguments) throws(CommandExit) -> Void)?

    /// `pushfake state dump`.
    var displayName: String { (["pushfake"] + path).joined(separator: " ") }
}

/// One positional argument.
struct ArgumentSpec: Sendable {
    /// Shown in usage as `<name>`.
    let name: String
    let help: String
    var optional = false
    /// The last argument only: it takes every remaining word (`fleet report A.json B.json …`).
    var variadic = false
}

/// One option (`--port <port>`) or flag (`--quiet`).
struct OptionSpec: Sendable {
    /// `--port`.
    let name: String
    /// `-q`, when there is a short form.
    var short: String?
    /// The value's placeholder (`port`); `nil` for a flag, which takes no value.
    var value: String?
    let help: String
    /// May be given more than once (`--tpns-app K1 --tpns-app K2`).
    var repeatable = false

    static func flag(_ name: String, short: String? = nil, _ help: String) -> OptionSpec {
        OptionSpec(name: name, short: short, value: nil, help: help)
    }

    static func value(_ name: String, _ value: String, _ help: String, repeatable: Bool = false) -> OptionSpec {
        OptionSpec(name: name, value: value, help: help, repeatable: repeatable)
    }
}

/// What a `pushfake` command accepts, as data: the parser, `--help`, `pushfake help CMD` and the completion scripts
/// all come from it, and it comes from the command's typed ``ParsableOptions``, so an option cannot be accepted
/// without being documented, documented without being accepted, or read without being declared.
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

    /// A command whose options and arguments are `Options`' declarations; `run` gets them parsed and checked.
    init<Options: ParsableOptions>(
        path: [String], summary: String, discussion: String = "", options: Options.Type,
        subcommands: [CommandSpec] = [],
        run: @escaping @Sendable (Options, CommandContext<Options>) throws(CommandExit) -> Void
    ) {
        self.init(path: path, summary: summary, discussion: discussion, options: options, subcommands: subcommands)
        self.run = { parsed throws(CommandExit) in
            let (options, context) = try Options.parse(parsed)
            try run(options, context)
        }
    }

    /// A group that needs a subcommand (`pushfake state`); its help lists `Options`.
    init<Options: ParsableOptions>(
        path: [String], summary: String, discussion: String = "", options: Options.Type, subcommands: [CommandSpec]
    ) {
        self.path = path
        self.summary = summary
        self.discussion = discussion
        self.arguments = Options.arguments.map(\.spec)
        let defaults = Options()
        self.options = Options.options.map { option in
            var spec = option.spec
            // A flag that is on unless turned off: only `--no-<flag>` can do that.
            if spec.value == nil, defaults[keyPath: option.keyPath] as? Bool == true {
                spec.defaultsOn = true
                spec.invertible = true
            }
            return spec
        }
        self.subcommands = subcommands
    }
}

import Foundation
import PushFakeCore

/// Every `pushfake` command, as data (``CommandSpec``): what the parser accepts and what help prints.
enum CommandTable {
    static var root: CommandSpec {
        CommandSpec(
            path: [], summary: "A local fake of the TPNS and TwinPush push services.",
            discussion: """
                Run `pushfake serve` to start the fake; the other commands drive a running one through its admin \
                API (--url or $PUSHFAKE_URL).
                """,
            options: RootOptions.self,
            subcommands: [ServeOptions.spec] + AdminCommands.all + [
                ExpectationCommands.verify, ExpectationCommands.wait, TailCommand.spec, StateCommands.state,
                StateCommands.instances,
                StateCommands.apps, HealthCommand.spec, ReplayCommand.spec, FleetCommand.spec, APICommand.spec,
                CompletionsCommand.spec,
                help, version,
            ])
    }

    /// `pushfake --version` (answered before parsing; declared so that help and completions show it).
    struct RootOptions: ParsableOptions {
        var version = false
        static var options: [Option<Self>] { [.flag("--version", \.version, "Print the version and exit.")] }
    }

    /// `pushfake help [<command> [<subcommand>]]`.
    struct HelpOptions: ParsableOptions {
        var command: String?
        var subcommand: String?
        static var options: [Option<Self>] { [] }
        static var arguments: [Argument<Self>] {
            [
                .optional("command", \.command, .commandName, "The command to explain"),
                .optional("subcommand", \.subcommand, .commandName, "Its subcommand"),
            ]
        }
    }

    static let help = CommandSpec(
        path: ["help"], summary: "Show help for a command: pushfake help <command> [<subcommand>].",
        options: HelpOptions.self,
        run: { options, context throws(CommandExit) in
            var command = root
            for word in [options.command, options.subcommand].compactMap({ $0 }) {
                guard let sub = command.subcommands.first(where: { $0.path.last == word }) else {
                    throw context.usage("no command \((command.path + [word]).joined(separator: " "))")
                }
                command = sub
            }
            print(Help.text(command), terminator: "")
        })

    static let version = CommandSpec(
        path: ["version"], summary: "Print the version.", options: NoOptions.self,
        run: { _, _ throws(CommandExit) in print(versionLine) })

    static var versionLine: String { BuildInfo.versionLine }

    /// Parses and runs `arguments` (without the program name); returns the exit status.
    static func main(_ arguments: [String]) -> Int32 {
        if arguments == ["--version"] {
            print(versionLine)
            return ExitCode.ok.rawValue
        }
        if arguments.isEmpty {
            return report(CommandExit(.usage, "missing command\n\n" + Help.text(root)))
        }
        do throws(CommandExit) {
            switch try ArgumentParser.parse(arguments, root: root) {
            case .help(let command):
                print(Help.text(command), terminator: "")
            case .run(let parsed):
                try parsed.command.run?(parsed)
            }
            return ExitCode.ok.rawValue
        } catch {
            return report(error)
        }
    }

    private static func report(_ exit: CommandExit) -> Int32 {
        if !exit.message.isEmpty {
            StandardStreams.error("pushfake: \(exit.message)\n")
        }
        return exit.code.rawValue
    }
}

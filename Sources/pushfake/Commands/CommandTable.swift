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
            options: [.flag("--version", "Print the version and exit.")],
            subcommands: [ServeOptions.spec] + AdminCommands.all + [
                ExpectationCommands.verify, ExpectationCommands.wait, TailCommand.spec, StateCommands.state,
                StateCommands.instances,
                StateCommands.apps, HealthCommand.spec, ReplayCommand.spec, FleetCommand.spec, help, version,
            ])
    }

    static let help = CommandSpec(
        path: ["help"], summary: "Show help for a command: pushfake help <command> [<subcommand>].",
        arguments: [
            ArgumentSpec(name: "command", help: "The command to explain", optional: true),
            ArgumentSpec(name: "subcommand", help: "Its subcommand", optional: true),
        ],
        run: { arguments throws(CommandExit) in
            var command = root
            for word in arguments.positional {
                guard let sub = command.subcommands.first(where: { $0.path.last == word }) else {
                    throw arguments.usage("no command \((command.path + [word]).joined(separator: " "))")
                }
                command = sub
            }
            print(Help.text(command), terminator: "")
        })

    static let version = CommandSpec(
        path: ["version"], summary: "Print the version.",
        run: { _ throws(CommandExit) in print(versionLine) })

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
            FileHandle.standardError.write(Data("pushfake: \(exit.message)\n".utf8))
        }
        return exit.code.rawValue
    }
}

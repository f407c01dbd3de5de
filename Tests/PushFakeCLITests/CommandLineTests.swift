import Foundation
import PushFakeTestSupport
import XCTest

@testable import pushfake

/// The CLI is strict and conventional, for every command in the table: `--help` and `pushfake help CMD` print that
/// command's usage with every option and exit 0; an unknown option, a value given to a flag, a repeated option or
/// an invalid value is a usage error (exit 64) that names it.
final class CommandLineTests: XCTestCase {
    /// Every command path in the table, e.g. `["faults", "add"]`.
    private var commands: [CommandSpec] {
        func walk(_ command: CommandSpec) -> [CommandSpec] { [command] + command.subcommands.flatMap(walk) }
        return walk(CommandTable.root).filter { !$0.path.isEmpty }
    }

    func test_help_listsEveryOptionAndExitsZero_forEveryCommand() throws {
        for command in commands {
            let viaFlag = try PushFakeCommand.run(command.path + ["--help"])
            XCTAssertEqual(viaFlag.status, 0, command.displayName)
            XCTAssertTrue(viaFlag.stdout.contains("USAGE: \(command.displayName)"), viaFlag.stdout)
            for option in command.options {
                XCTAssertTrue(
                    viaFlag.stdout.contains(option.name), "\(command.displayName) --help lacks \(option.name)")
            }
            for argument in command.arguments {
                XCTAssertTrue(viaFlag.stdout.contains("<\(argument.name)>"), command.displayName)
            }
            let viaHelp = try PushFakeCommand.run(["help"] + command.path)
            XCTAssertEqual(viaHelp.status, 0, command.displayName)
            XCTAssertEqual(viaHelp.stdout, viaFlag.stdout, "pushfake help \(command.path.joined(separator: " "))")
        }
    }

    func test_unknownOption_isUsageErrorNamingIt_forEveryCommand() throws {
        for command in commands {
            let result = try PushFakeCommand.run(command.path + ["--no-such-option"])
            XCTAssertEqual(result.status, 64, command.displayName)
            XCTAssertTrue(result.stderr.contains("unknown option --no-such-option"), result.stderr)
            XCTAssertTrue(result.stderr.contains("USAGE: \(command.displayName)"), result.stderr)
        }
    }

    func test_badArguments_areUsageErrorsNamingTheCulprit() throws {
        let url = "http://127.0.0.1:9"
        let cases: [([String], String)] = [
            (["serve", "--quiet=yes"], "--quiet is a flag and takes no value"),
            (["serve", "--port", "1", "--port", "2"], "--port is given more than once"),
            (["journal", "--url", url, "--since", "abc"], "--since must be a number"),
            (["journal", "--url", url, "--format", "xml"], "--format must be one of json, jsonl, har, not xml"),
            (["clock", "--url", url, "--advance", "soon"], "--advance must be a number"),
            (["clock", "--url", url, "--advance", "1", "--set", "2026-01-01T00:00:00Z"], "cannot be combined"),
            (["faults", "remove", "--url", url], "missing <id>"),
            (["faults", "add", "--url", url, "{}", "extra"], "unexpected argument extra"),
            (["faults", "explode"], "unknown subcommand explode for pushfake faults"),
            (["help", "nothing"], "no command nothing"),
            (["reset", "--url", "ftp://example.com"], "--url is not an http:// URL: ftp://example.com"),
        ]
        for (arguments, message) in cases {
            let result = try PushFakeCommand.run(arguments)
            XCTAssertEqual(result.status, 64, "\(arguments): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains(message), "\(arguments): \(result.stderr)")
        }
    }

    func test_pushfakeURLThatIsNotAURL_saysSo() throws {
        let result = try PushFakeCommand.run(["reset"], environment: ["PUSHFAKE_URL": "localhost:8089"])
        XCTAssertEqual(result.status, 64)
        XCTAssertTrue(result.stderr.contains("PUSHFAKE_URL is not an http:// URL: localhost:8089"), result.stderr)
    }

    func test_version_printsTheSameLine_asFlagAndCommand() throws {
        let flag = try PushFakeCommand.run(["--version"])
        let command = try PushFakeCommand.run(["version"])
        XCTAssertEqual(flag.status, 0)
        XCTAssertEqual(flag.stdout, command.stdout)
        XCTAssertTrue(flag.stdout.hasPrefix("pushfake "), flag.stdout)
    }
}

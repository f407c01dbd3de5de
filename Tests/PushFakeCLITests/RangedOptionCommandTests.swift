import Foundation
import PushFakeTestSupport
import XCTest

@testable import pushfake

/// Every number option of every command (those whose rule has ``ValueRule/bounds``), read from the typed
/// declarations: help lists it, and a value outside its range or not a whole number is a usage error (64) that names
/// the option and the range. A new ranged option is covered without a test of its own.
final class RangedOptionCommandTests: XCTestCase {
    private var rangedOptions: [(command: CommandSpec, option: OptionSpec, bounds: ClosedRange<Int>)] {
        func walk(_ command: CommandSpec) -> [CommandSpec] { [command] + command.subcommands.flatMap(walk) }
        return walk(CommandTable.root).filter { !$0.path.isEmpty && $0.run != nil }.flatMap { command in
            command.options.compactMap { option in option.bounds.map { (command, option, $0) } }
        }
    }

    func test_thereAreRangedOptions_includingServesLoopsAndConnections() {
        let serve = rangedOptions.filter { $0.command.path == ["serve"] }.map(\.option.name)
        XCTAssertTrue(serve.contains("--event-loops"), "\(serve)")
        XCTAssertTrue(serve.contains("--max-connections"), "\(serve)")
    }

    func test_everyRangedOption_isInItsCommandsHelp() throws {
        for (command, option, _) in rangedOptions {
            let help = try PushFakeCommand.run(command.path + ["--help"])
            XCTAssertTrue(help.stdout.contains(option.name), "\(command.displayName): \(help.stdout)")
        }
    }

    func test_everyRangedOption_refusesValuesOutsideItsRange_namingIt() throws {
        for (command, option, bounds) in rangedOptions {
            var values = ["ten", "2.5"]
            if bounds.lowerBound > Int.min { values.append(String(bounds.lowerBound - 1)) }
            if bounds.upperBound < Int.max { values.append(String(bounds.upperBound + 1)) }
            let expected = "\(option.name) must be a number in \(bounds.lowerBound)...\(bounds.upperBound)"
            for value in values {
                // Required arguments get a stand-in, so that the option's value is what the parser refuses.
                let arguments = command.arguments.filter { !$0.optional }.map { "<\($0.name)>" }
                let result = try PushFakeCommand.run(command.path + arguments + [option.name, value])
                let label = "\(command.displayName) \(option.name) \(value)"
                XCTAssertEqual(result.status, 64, "\(label): \(result.stderr)")
                XCTAssertTrue(result.stderr.contains(expected), "\(label): \(result.stderr)")
            }
        }
    }
}

import Foundation
import PushFakeCore
import PushFakeEngineFuzz
import PushFakeHTTP
import PushFakeTestSupport
import XCTest

@testable import pushfake

/// Numbers from outside never crash the real binary (issue 16): every boundary value (``BoundaryValues``) goes
/// into every numeric option of every command of the command table, and into every number of a state document
/// given to `pushfake serve --state`. Each run ends with an exit status, never a signal: a usage error (64) names
/// the option, a state file that cannot be used exits 65 naming the file and a field, and a value that is taken
/// starts a server that answers health (or, for a client command, fails to reach the absent server: 69).
final class BoundaryValueCommandTests: XCTestCase {
    /// Option placeholders that are numbers.
    private static let numeric: Set<String> = ["n", "port", "seconds", "status", "seq", "ms"]
    /// Option placeholders that are not: every other placeholder of the table must be here, so that a new numeric
    /// option cannot hide behind a new placeholder.
    private static let textual: Set<String> = [
        "address", "mode", "key", "id:api-token:creator-token", "format", "file", "token", "name", "dir", "id", "url",
        "path", "app", "path=value", "time", "device", "name=value", "json", "operation", "method", "vendor",
        "booted|udid", "code", "i/n", "vendor:app", "vendor=url",
    ]
    /// Nothing listens here: client commands fail to connect (69) once their options are read.
    private static let absentServer = "http://127.0.0.1:9"

    private var commands: [CommandSpec] {
        func walk(_ command: CommandSpec) -> [CommandSpec] { [command] + command.subcommands.flatMap(walk) }
        return walk(CommandTable.root).filter { !$0.path.isEmpty && $0.run != nil }
    }

    /// What one run did.
    private struct Outcome: Sendable {
        var label: String
        var status: Int32
        var signaled: Bool
        var stderr: String
        /// The health status of a server that started, if one did.
        var health: Int?
    }

    func test_everyNumericOption_ofEveryCommand_exitsCleanlyWithEveryBoundaryValue() throws {
        var runs: [(label: String, arguments: [String], option: String, serve: Bool)] = []
        let recording = try temporaryFile(
            "recording.jsonl",
            contents: #"{"v":1,"seq":1,"time":"2026-01-01T00:00:00.000Z","request":{"method":"GET","path":"/x"},"#
                + #""response":{"status":404},"outcome":"responded"}"# + "\n")
        for command in commands {
            for option in command.options {
                guard let placeholder = option.value else { continue }
                XCTAssertTrue(
                    Self.numeric.contains(placeholder) || Self.textual.contains(placeholder),
                    "\(command.displayName) \(option.name) <\(placeholder)>: classify the placeholder as numeric or not"
                )
                guard Self.numeric.contains(placeholder) else { continue }
                var base: [String] = command.path
                let serve = command.path == ["serve"]
                if serve {
                    base += ["--quiet"] + (option.name == "--port" ? [] : ["--port", "0"])
                } else if command.options.contains(where: { $0.name == "--url" }) {
                    base += ["--url", Self.absentServer]
                }
                if command.arguments.contains(where: { !$0.optional }) { base.append(recording.path) }
                for value in BoundaryValues.strings {
                    runs.append(
                        (
                            "\(command.displayName) \(option.name) \(value)", base + [option.name, value], option.name,
                            serve
                        ))
                }
            }
        }
        XCTAssertTrue(runs.contains { $0.label == "pushfake serve --journal-limit -9223372036854775808" })
        let outcomes = run(
            runs.map { run in
                { Self.launch(run.label, run.arguments, serve: run.serve) }
            })
        for (run, outcome) in zip(runs, outcomes) {
            XCTAssertFalse(outcome.signaled, "\(run.label): killed by signal \(outcome.status)")
            XCTAssertTrue(
                [0, 1, 64, 69].contains(outcome.status), "\(run.label): exit \(outcome.status) \(outcome.stderr)")
            if outcome.status == 64 {
                XCTAssertTrue(outcome.stderr.contains(run.option), "\(run.label): \(outcome.stderr)")
            }
            if run.serve, outcome.status == 0 { XCTAssertEqual(outcome.health, 200, run.label) }
            // Out of every option's range, whatever its type.
            if run.arguments.last == "-1e308" || run.arguments.last == "" {
                XCTAssertEqual(outcome.status, 64, "\(run.label): \(outcome.stderr)")
            }
        }
    }

    /// Every number of the document with `Int.min` (or its string), and every value in one number (a badge): the
    /// file path adds reading and exiting to what `PUT /__pushfake/state` runs, which `HostileBoundaryValueTests`
    /// sends the whole matrix, so this runs its rows and columns rather than its 600 cells (a process each).
    func test_serveState_exits65NamingTheField_orServes_forEveryNumberOfAStateDocument() throws {
        let all = StateBoundaryCases.cases()
        let cases = all.filter { item in
            ["-9223372036854775808", #""-9223372036854775808""#].contains(item.value)
                || item.path == "vendors.twinPush.devices[0].badge" || item.path == "ids.faultRandom"
        }
        XCTAssertEqual(Set(cases.map(\.path)), Set(all.map(\.path)))
        XCTAssertGreaterThan(cases.count, 60)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("pushfake-boundary-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var files: [URL] = []
        for (index, item) in cases.enumerated() {
            let file = directory.appendingPathComponent("state-\(index).json")
            try Data(item.document).write(to: file)
            files.append(file)
        }
        let outcomes = run(
            zip(cases, files).map { item, file in
                {
                    Self.launch(
                        item.description, ["serve", "--quiet", "--port", "0", "--state", file.path], serve: true)
                }
            })
        for ((item, file), outcome) in zip(zip(cases, files), outcomes) {
            XCTAssertFalse(outcome.signaled, "\(item): killed by signal \(outcome.status)")
            switch outcome.status {
            case 0:
                XCTAssertEqual(outcome.health, 200, "\(item)")
            case 65:
                XCTAssertTrue(outcome.stderr.contains(file.lastPathComponent), "\(item): \(outcome.stderr)")
                let key = item.path.split(separator: ".").last.map { String($0.split(separator: "[").first ?? $0) }
                XCTAssertTrue(
                    outcome.stderr.contains(key ?? item.path)
                        || (item.value.hasPrefix("\"") && outcome.stderr.contains(": ")),
                    "\(item): \(outcome.stderr)")
            default:
                XCTFail("\(item): exit \(outcome.status) \(outcome.stderr)")
            }
        }
    }

    // MARK: Running the binary

    /// Runs `work` items eight at a time (most of a run is waiting for a process to start or stop).
    private func run(_ work: [@Sendable () -> Outcome]) -> [Outcome] {
        let results = Locked([Outcome?](repeating: nil, count: work.count))
        let next = Locked(0)
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            while true {
                let index = next.withLock { value -> Int in
                    defer { value += 1 }
                    return value
                }
                guard index < work.count else { return }
                let outcome = work[index]()
                results.withLock { $0[index] = outcome }
            }
        }
        return results.withLock { $0 }.map { $0 ?? Outcome(label: "?", status: -1, signaled: true, stderr: "") }
    }

    /// Runs `pushfake arguments`; a server that starts (its ready line on stdout) is asked for health, then stopped.
    private static func launch(_ label: String, _ arguments: [String], serve: Bool) -> Outcome {
        let process = Process()
        process.executableURL = PushFakeBinary.url
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.filter { $0.key != "PUSHFAKE_URL" }
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        do {
            try process.run()
        } catch {
            return Outcome(label: label, status: -1, signaled: false, stderr: "\(error)")
        }
        var health: Int?
        if serve {
            var line: [UInt8] = []
            while !line.contains(UInt8(ascii: "\n")) {
                let chunk = output.fileHandleForReading.availableData
                if chunk.isEmpty { break }
                line += chunk
            }
            let ready = try? JSON.parse(line.prefix { $0 != UInt8(ascii: "\n") })
            if let url = ready?["url"]?.stringValue, let port = Int(url.split(separator: ":").last ?? "") {
                let client = try? LoopbackHTTPClient(port: port, receiveTimeout: 20)
                health = client?.request("GET", "/__pushfake/health")?.status
                kill(process.processIdentifier, SIGTERM)
            }
        }
        let stderr = errors.fileHandleForReading.readDataToEndOfFile()
        _ = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Outcome(
            label: label, status: process.terminationStatus, signaled: process.terminationReason == .uncaughtSignal,
            stderr: String(decoding: stderr, as: UTF8.self), health: health)
    }

    private func temporaryFile(_ name: String, contents: String) throws -> URL {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("\(getpid())-\(name)")
        try Data(contents.utf8).write(to: file)
        addTeardownBlock { try? FileManager.default.removeItem(at: file) }
        return file
    }
}

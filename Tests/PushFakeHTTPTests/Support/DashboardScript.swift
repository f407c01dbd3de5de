import Foundation
import PushFakeCore
import PushFakeTestSupport
import XCTest

/// A dashboard script's model run in Node.js (docs/dashboard.md): the models of fleet-model.js and devices.js use
/// no browser, so a test loads the script with a small driver, hands it JSON on stdin and reads the JSON it prints.
/// Skipped, with a message saying so, when `node` is not on the PATH; scripts/ui-test runs the page in Chromium.
enum DashboardScript {
    /// The `node` on the PATH, or a skip naming the script that is not run.
    static func node(for script: String) throws -> URL {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent("node")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        throw XCTSkip("node (Node.js) is not on the PATH: \(script) is not run here (scripts/ui-test runs it)")
    }

    /// What `driver` prints as JSON, run by `node` with the asset `script` (Sources/PushFakeHTTP/Dashboard/Assets/)
    /// as its argument and `input` on stdin; a failing run fails the test with what it wrote to stderr.
    static func run(
        _ node: URL, _ driver: String, script: String, input: JSON, file: StaticString = #filePath, line: UInt = #line
    ) throws -> JSON {
        let process = Process()
        process.executableURL = node
        let asset = Repository.url("Sources/PushFakeHTTP/Dashboard/Assets/" + script).path
        process.arguments = ["-e", driver, asset]
        let stdin = Pipe()
        let output = Pipe()
        let errors = Pipe()
        process.standardInput = stdin
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let done = process.killAfter(60)
        stdin.fileHandleForWriting.write(Data(input.serializedString().utf8))
        try stdin.fileHandleForWriting.close()
        let printed = output.fileHandleForReading.readDataToEndOfFile()
        let problems = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        done()
        XCTAssertEqual(process.terminationStatus, 0, problems, file: file, line: line)
        return try JSON.parse(Array(printed))
    }
}

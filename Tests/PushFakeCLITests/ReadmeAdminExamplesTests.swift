import Foundation
import PushFakeCore
import PushFakeTestSupport
import XCTest

/// The curl examples of the README and of docs/admin-api.md: every `curl` that changes the fake sends
/// `Content-Type: application/json` (the server refuses other bodies with 403), and each marked curl block runs as
/// written against the real binary. The blocks are read by their markers, so a test fails when one disappears.
final class ReadmeAdminExamplesTests: XCTestCase {
    /// Each shell command with its `\`-continued lines joined.
    private func commands(in text: String) -> [String] {
        var commands: [String] = []
        var current = ""
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasSuffix("\\") {
                current += line.dropLast() + " "
            } else {
                commands.append(current + line)
                current = ""
            }
        }
        return commands
    }

    /// Runs `block` with bash in a fresh directory, `P` set to a fresh `pushfake serve`'s port; returns the exit
    /// status, what it printed and the directory (removed at the end of the test).
    private func run(_ block: String) throws -> (status: Int32, output: String, directory: URL) {
        let server = try ServeProcess(["--quiet"])
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("pushfake-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: directory) }
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/bin/bash")
        shell.arguments = ["-euo", "pipefail", "-c", block]
        shell.currentDirectoryURL = directory
        shell.environment = ["P": String(server.port), "PATH": "/usr/bin:/bin"]
        let output = Pipe()
        shell.standardOutput = output
        try shell.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        shell.waitUntilExit()
        XCTAssertEqual(server.stop().status, 0)
        return (shell.terminationStatus, text, directory)
    }

    private func skipWithoutCurl() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/curl") else {
            throw XCTSkip("no /usr/bin/curl here")
        }
    }

    func test_everyCurlThatChangesTheFake_sendsJSONContentType() throws {
        let text = try Repository.text("docs/admin-api.md") + "\n" + Repository.docBlock("front-page-curl")
        let changing = commands(in: text).filter {
            $0.contains("curl ") && ($0.contains("-X POST") || $0.contains("-X PUT") || $0.contains(" -d "))
        }
        XCTAssertGreaterThanOrEqual(changing.count, 6)
        for command in changing {
            XCTAssertTrue(command.contains("Content-Type: application/json"), command)
        }
    }

    /// docs/admin-api.md: a fault, the register that meets it, wait, verify, a HAR export, reset.
    func test_theAdminCurlBlock_runsAsWritten() throws {
        try skipWithoutCurl()
        let result = try run(try Repository.docBlock("admin-curl"))
        let text = result.output
        XCTAssertEqual(result.status, 0, text)
        XCTAssertTrue(text.contains(#""errorCode":-1001"#), text)
        XCTAssertEqual(text.components(separatedBy: #"{"ok":true"#).count - 1, 2, "wait and verify hold: \(text)")
        XCTAssertTrue(text.hasSuffix(#"{"reset":true}"#), text)
        let har = try JSON.parse(Array(try Data(contentsOf: result.directory.appendingPathComponent("journal.har"))))
        XCTAssertEqual(har["log"]?["entries"]?.arrayValue?.count, 1)
    }

    /// The README's "Any language, with curl": register, send, verify, the delivery's payload.
    func test_theFrontPageCurlBlock_runsAsWritten() throws {
        try skipWithoutCurl()
        let result = try run(try Repository.docBlock("front-page-curl"))
        let text = result.output
        XCTAssertEqual(result.status, 0, text)
        XCTAssertTrue(text.contains(#""deviceId":"D1""#), text)
        XCTAssertTrue(text.contains(#""deliveredDeviceIds":["D1"]"#), text)
        XCTAssertEqual(text.components(separatedBy: #"{"ok":true"#).count - 1, 1, "verify holds: \(text)")
        XCTAssertTrue(text.contains(#""payload":{"aps":{"alert":"Hi","sound":"default"}}"#), text)
    }
}

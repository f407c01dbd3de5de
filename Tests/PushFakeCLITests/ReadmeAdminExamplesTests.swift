import Foundation
import PushFakeCore
import PushFakeTestSupport
import XCTest

/// The README's admin API section: every `curl` that changes the fake sends `Content-Type: application/json` (the
/// server refuses other bodies with 403), and its curl block runs as written against the real binary.
final class ReadmeAdminExamplesTests: XCTestCase {
    private static let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("README.md")

    /// The section from its heading to the next `## ` heading.
    private func adminSection() throws -> String {
        let text = try String(contentsOf: Self.readme, encoding: .utf8)
        let start = try XCTUnwrap(text.range(of: "\n## The admin API"))
        let rest = text[start.upperBound...]
        let end = rest.range(of: "\n## ")?.lowerBound ?? rest.endIndex
        return String(rest[..<end])
    }

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

    func test_everyCurlThatChangesTheFake_sendsJSONContentType() throws {
        let changing = commands(in: try adminSection()).filter {
            $0.contains("curl ") && ($0.contains("-X POST") || $0.contains("-X PUT") || $0.contains(" -d "))
        }
        XCTAssertGreaterThanOrEqual(changing.count, 4)
        for command in changing {
            XCTAssertTrue(command.contains("Content-Type: application/json"), command)
        }
    }

    func test_theCurlBlock_runsAsWritten() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/curl") else {
            throw XCTSkip("no /usr/bin/curl here")
        }
        let section = try adminSection()
        let start = try XCTUnwrap(section.range(of: "```sh\nA=http://"))
        let body = section[start.upperBound...]
        let block = "A=http://" + String(body[..<(try XCTUnwrap(body.range(of: "```")).lowerBound)])
        let server = try ServeProcess(["--quiet"])
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("pushfake-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
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
        XCTAssertEqual(shell.terminationStatus, 0, text)
        XCTAssertTrue(text.contains(#""errorCode":-1001"#), text)
        XCTAssertEqual(text.components(separatedBy: #"{"ok":true"#).count - 1, 2, "wait and verify hold: \(text)")
        XCTAssertTrue(text.hasSuffix(#"{"reset":true}"#), text)
        let har = try JSON.parse(Array(try Data(contentsOf: directory.appendingPathComponent("journal.har"))))
        XCTAssertEqual(har["log"]?["entries"]?.arrayValue?.count, 1)
        XCTAssertEqual(server.stop().status, 0)
    }
}

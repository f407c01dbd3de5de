import Foundation
import PushFakeTestSupport
import XCTest

/// The exit-code table of docs/cli.md, `ExitCode` in Sources/pushfake/CLI/ExitCode.swift and what the real binary does
/// agree: every documented code is declared, every declared code is documented, and some command exits with each.
final class ExitCodeTests: XCTestCase {
    /// The codes in docs/cli.md's table under "Exit codes": rows that start with a code in backquotes.
    private func documentedCodes() throws -> [Int32] {
        let guide = try Repository.text("docs/cli.md")
        let section = try XCTUnwrap(
            guide.components(separatedBy: "Exit codes of every `pushfake` command").dropFirst().first)
        var codes: [Int32] = []
        for line in section.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.isEmpty, !codes.isEmpty { break }
            guard line.hasPrefix("| `") else { continue }
            let cell = line.dropFirst(3).prefix { $0 != "`" }
            codes.append(try XCTUnwrap(Int32(cell), String(line)))
        }
        return codes
    }

    /// The raw values of `ExitCode`'s cases, read from its source (the test cannot import the executable).
    private func declaredCodes() throws -> [Int32] {
        let source = try Repository.text("Sources/pushfake/CLI/ExitCode.swift")
        return source.split(separator: "\n").compactMap { line -> Int32? in
            let words = line.split(separator: " ")
            guard words.first == "case", words.count == 4, words[2] == "=" else { return nil }
            return Int32(words[3])
        }
    }

    func test_theCLIGuideTableListsExactlyTheDeclaredCodes() throws {
        let documented = try documentedCodes()
        XCTAssertFalse(documented.isEmpty, "no exit-code table found in docs/cli.md")
        XCTAssertEqual(documented, try declaredCodes())
    }

    func test_someCommandExitsWithEachDocumentedCode() async throws {
        let server = try ServeProcess(["--quiet"])
        let missingState = FileManager.default.temporaryDirectory.appendingPathComponent("pushfake-missing.json").path
        let notAnEventStream = try HostileServer(
            answer: HostileServer.raw("HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 2\r\n\r\nhi"))
        defer { notAnEventStream.stop() }
        let commands: [Int32: [String]] = [
            0: ["version"],
            1: ["verify", "--url", server.url, "--vendor", "tpns", "--operation", "register"],
            64: ["journal", "--url", server.url, "--foo"],
            65: ["serve", "--port", "0", "--state", missingState],
            // Port 9 (discard) has no listener on a test machine.
            69: ["journal", "--url", "http://127.0.0.1:9"],
            // An address no interface has (TEST-NET-1): binding fails with something other than "port taken".
            70: ["serve", "--host", "192.0.2.1", "--port", "0"],
            76: ["tail", "--url", notAnEventStream.url],
        ]
        XCTAssertEqual(commands.keys.sorted(), try documentedCodes().sorted(), "a documented code has no command here")
        for (code, arguments) in commands.sorted(by: { $0.key < $1.key }) {
            let result = try PushFakeCommand.run(arguments)
            XCTAssertEqual(result.status, code, "pushfake \(arguments.joined(separator: " ")): \(result.stderr)")
        }
        XCTAssertEqual(server.stop().status, 0)
    }
}

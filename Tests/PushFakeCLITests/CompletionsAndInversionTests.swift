import Foundation
import PushFakeTestSupport
import XCTest

/// `pushfake completions bash|zsh|fish` and `--no-<flag>`, through the real binary. (scripts/check-completions
/// drives the scripts in the shells themselves.)
final class CompletionsAndInversionTests: XCTestCase {
    func test_completions_printScriptsNamingEveryCommandAndOption_forEachShell() throws {
        for shell in ["bash", "zsh", "fish"] {
            let result = try PushFakeCommand.run(["completions", shell])
            XCTAssertEqual(result.status, 0, shell)
            for word in ["serve", "journal", "instances", "completions", "upstream-max-response-bytes", "no-quiet"] {
                XCTAssertTrue(result.stdout.contains(word), "\(shell) script lacks \(word)")
            }
        }
    }

    func test_completions_isUsageError_whenTheShellIsUnknown() throws {
        let result = try PushFakeCommand.run(["completions", "tcsh"])
        XCTAssertEqual(result.status, 64)
        XCTAssertTrue(result.stderr.contains("<shell> must be one of bash, zsh, fish, not tcsh"), result.stderr)
    }

    func test_bashCompletion_passesBashSyntaxCheck() throws {
        let script = FileManager.default.temporaryDirectory.appendingPathComponent("pushfake-\(UUID()).bash")
        defer { try? FileManager.default.removeItem(at: script) }
        try PushFakeCommand.run(["completions", "bash"]).stdout.write(to: script, atomically: true, encoding: .utf8)
        let bash = Process()
        bash.executableURL = URL(fileURLWithPath: "/bin/bash")
        bash.arguments = ["-n", script.path]
        try bash.run()
        bash.waitUntilExit()
        XCTAssertEqual(bash.terminationStatus, 0)
    }

    func test_serve_logsRequests_whenNoQuietComesAfterQuiet() async throws {
        let loud = try ServeProcess(["--quiet", "--no-quiet"])
        _ = try await loud.request("GET", "/TPNS/api/nothing")
        XCTAssertTrue(loud.stop().stderr.contains("GET /TPNS/api/nothing -> "))
        let quiet = try ServeProcess(["--no-quiet", "-q"])
        _ = try await quiet.request("GET", "/TPNS/api/nothing")
        XCTAssertFalse(quiet.stop().stderr.contains("GET /TPNS/api/nothing -> "))
    }
}

import Foundation
import PushFakeTestSupport
import XCTest

/// A command run with stderr or stdout closed (`2>&-`, `>&-`) still ends with its own exit code: a line it cannot
/// write is dropped. `FileHandle.write` trapped there instead (SIGILL, status 132).
final class ClosedStreamTests: XCTestCase {
    /// Runs `pushfake arguments…` through `/bin/sh` with `redirect` applied, and waits for it.
    private func run(_ redirect: String, _ arguments: [String]) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "exec \"$0\" \"$@\" \(redirect)", PushFakeBinary.url.path] + arguments
        process.environment = PushFakeBinary.environment(removing: ["PUSHFAKE_URL"], adding: [:])
        try process.run()
        let finished = process.killAfter(120)
        defer { finished() }
        process.waitUntilExit()
        return process
    }

    func test_aFailingCommand_withStderrClosed_exitsWithItsOwnCode() throws {
        // Port 9 (discard) has no listener on a test machine: the command says so on stderr and exits 69.
        let process = try run("2>&-", ["journal", "--url", "http://127.0.0.1:9"])
        XCTAssertEqual(process.terminationReason, .exit)
        XCTAssertEqual(process.terminationStatus, 69)
    }

    func test_anAnswer_withStdoutClosed_isDropped_andTheCommandSucceeds() throws {
        let server = try ServeProcess(["--quiet"])
        let process = try run(">&-", ["devices", "--url", server.url])
        XCTAssertEqual(process.terminationReason, .exit)
        XCTAssertEqual(process.terminationStatus, 0)
        XCTAssertEqual(server.stop().status, 0)
    }
}

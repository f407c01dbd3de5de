import Foundation
import PushFakeCore
import PushFakeTestSupport
import XCTest

final class VersionAndHealthTests: XCTestCase {
    func test_version_printsReleaseAndDev_whenBuiltBySwiftBuild() throws {
        for argument in ["--version", "version"] {
            let result = try PushFakeCommand.run([argument])
            XCTAssertEqual(result.status, 0, argument)
            let line = result.stdout.trimmingCharacters(in: .newlines)
            // scripts/package builds say `(commit abc1234)`; scripts/check-release checks those.
            XCTAssertNotNil(line.wholeMatch(of: /pushfake \d+\.\d+\.\d+ \((dev|commit [0-9A-Za-z._-]+)\)/), line)
            XCTAssertEqual(line, "pushfake \(PushFakeVersion.current) (dev)")
        }
    }

    func test_health_exitsZero_whenServerAnswers() throws {
        let server = try ServeProcess(["--quiet"])
        let result = try PushFakeCommand.run(["health", "--url", server.url])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, "")
        _ = server.stop()
    }

    func test_health_readsPUSHFAKE_URL_likeTheAdminCommands() throws {
        let server = try ServeProcess(["--quiet"])
        let result = try PushFakeCommand.run(["health"], environment: ["PUSHFAKE_URL": server.url])
        XCTAssertEqual(result.status, 0, result.stderr)
        _ = server.stop()
    }

    func test_health_exitsOne_whenNothingListens() throws {
        let server = try ServeProcess(["--quiet"])
        let url = server.url
        _ = server.stop()
        let result = try PushFakeCommand.run(["health", "--url", url, "--timeout", "1"])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.contains("cannot reach"), result.stderr)
    }

    func test_health_exits64_whenUsageWrong() throws {
        for arguments in [["health"], ["health", "--url"], ["health", "--timeout", "0"], ["health", "--bogus"]] {
            let result = try PushFakeCommand.run(arguments)
            XCTAssertEqual(result.status, 64, "\(arguments)")
            XCTAssertTrue(result.stderr.contains("USAGE: pushfake health"), "\(arguments): \(result.stderr)")
        }
    }
}

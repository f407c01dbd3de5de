import Foundation
import PushFakeTestSupport
import XCTest

final class UsageTests: XCTestCase {
    func test_help_printsUsageAndExitsZero_whenAsked() throws {
        let top = try PushFakeCommand.run(["--help"])
        XCTAssertEqual(top.status, 0)
        XCTAssertTrue(top.stdout.contains("serve"))
        let serve = try PushFakeCommand.run(["serve", "--help"])
        XCTAssertEqual(serve.status, 0)
        for flag in ["--host", "--port", "--seed", "--clock", "--state-checks", "--journal-limit"] {
            XCTAssertTrue(serve.stdout.contains(flag), "help mentions \(flag)")
        }
    }

    func test_usageErrors_exit64WithMessage_whenArgumentsWrong() throws {
        let cases: [([String], String)] = [
            ([], "missing command"),
            (["launch"], "unknown command launch"),
            (["serve", "--bogus"], "unknown option --bogus"),
            (["serve", "--port"], "--port needs a value"),
            (["serve", "--port", "70000"], "--port must be a number in 0...65535, not 70000"),
            (["serve", "--clock", "sundial"], "--clock must be one of fixed, real, not sundial"),
            (["serve", "--twinpush-app", "only-id"], "TwinPush app must be ID:API-TOKEN:CREATOR-TOKEN"),
        ]
        for (arguments, message) in cases {
            let result = try PushFakeCommand.run(arguments)
            XCTAssertEqual(result.status, 64, "\(arguments)")
            XCTAssertTrue(result.stderr.contains(message), "\(arguments): \(result.stderr)")
        }
    }

    func test_serve_exitsNonZeroWithMessage_whenPortTaken() throws {
        let first = try ServeProcess(["--quiet"])
        let second = try PushFakeCommand.run(["serve", "--port", String(first.port)])
        XCTAssertEqual(second.status, 69)
        XCTAssertTrue(second.stderr.contains("address in use"), second.stderr)
        _ = first.stop()
    }
}

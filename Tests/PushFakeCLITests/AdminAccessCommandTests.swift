import Foundation
import PushFakeCore
import PushFakeTestSupport
import XCTest

/// `pushfake serve --admin-token/--admin-open/--allow-host` and the CLI's `--token`, end to end.
final class AdminAccessCommandTests: XCTestCase {
    func test_adminToken_isRequiredByTheServer_andSentByTheCLI() async throws {
        let server = try ServeProcess(["--quiet", "--admin-token", "s3cret"])
        let without = try PushFakeCommand.run(["journal", "--url", server.url])
        XCTAssertEqual(without.status, 1, "an error answer")
        XCTAssertTrue(without.stdout.contains("Authorization: Bearer"), without.stdout)
        let with = try PushFakeCommand.run(["journal", "--url", server.url, "--token", "s3cret"])
        XCTAssertEqual(with.status, 0, with.stdout + with.stderr)
        let fromEnvironment = try PushFakeCommand.run(
            ["faults", "add", #"{"fault":{"status":503}}"#, "--url", server.url],
            environment: ["PUSHFAKE_ADMIN_TOKEN": "s3cret"])
        XCTAssertEqual(fromEnvironment.status, 0, fromEnvironment.stdout + fromEnvironment.stderr)
        let vendor = try await server.request("POST", "/TPNS/api/device/register", body: "{}")
        XCTAssertEqual(vendor.status, 503, "vendor routes need no token, and the fault applied")
        XCTAssertEqual(server.stop().status, 0)
    }

    func test_serve_warnsOnStderr_whenBoundBeyondLoopbackWithoutTokenOrOpen() throws {
        let server = try ServeProcess(["--quiet", "--host", "0.0.0.0"])
        let (status, log) = server.stop()
        XCTAssertEqual(status, 0)
        XCTAssertTrue(log.contains("answers loopback clients only; pass --admin-token <token> or --admin-open"), log)
        let open = try ServeProcess(["--quiet", "--host", "0.0.0.0", "--admin-open"])
        XCTAssertFalse(open.stop().stderr.contains("loopback clients only"))
    }

    func test_serve_refusesBadAccessFlags() throws {
        let cases: [([String], String)] = [
            (["serve", "--admin-token", ""], "--admin-token must be printable ASCII"),
            (["serve", "--admin-token", "two words"], "--admin-token must be printable ASCII"),
            (["serve", "--allow-host", "evil/x"], "--allow-host takes a host name"),
            (["serve", "--admin-open=yes"], "--admin-open is a flag and takes no value"),
        ]
        for (arguments, message) in cases {
            let result = try PushFakeCommand.run(arguments)
            XCTAssertEqual(result.status, 64, "\(arguments)")
            XCTAssertTrue(result.stderr.contains(message), "\(arguments): \(result.stderr)")
        }
    }

    func test_serve_exitsZeroOnSIGHUP_andSaysSoInItsLastLine() async throws {
        let server = try ServeProcess(["--quiet"])
        _ = try await server.request("GET", "/TPNS/api/nothing")
        let (status, log) = server.stop(signal: SIGHUP)
        XCTAssertEqual(status, 0)
        XCTAssertTrue(log.hasSuffix("pushfake: stopped on SIGHUP after 1 request(s)\n"), log)
    }
}

import Foundation
import PushFakeCore
import PushFakeTestSupport
import XCTest

final class AdminCommandTests: XCTestCase {
    func test_adminCommands_driveRunningServer_whenGivenURL() async throws {
        let server = try ServeProcess(["--quiet"])
        let url = server.url
        let added = try PushFakeCommand.run([
            "faults", "add", #"{"match":{"operation":"register"},"fault":{"tpnsError":"DeviceNotRegistered"}}"#,
            "--url", url,
        ])
        XCTAssertEqual(added.status, 0, added.stderr)
        XCTAssertEqual(try JSON.parse(added.stdout)["id"], "fault-1")
        let faulted = try await server.request("POST", "/TPNS/api/device/register", body: "{}")
        XCTAssertEqual(faulted.status, 404)

        let journal = try PushFakeCommand.run(["journal", "--url", url, "--format", "jsonl", "--operation", "register"])
        XCTAssertEqual(journal.status, 0)
        XCTAssertEqual(journal.stdout.split(separator: "\n").count, 1)
        XCTAssertTrue(journal.stdout.contains(#""status":404"#))

        let clock = try PushFakeCommand.run(["clock", "--url", url, "--advance", "3600"])
        XCTAssertEqual(try JSON.parse(clock.stdout)["now"], "2026-01-01T01:00:00.000Z")

        let missing = try PushFakeCommand.run(["faults", "remove", "fault-9", "--url", url])
        XCTAssertEqual(missing.status, 1)

        XCTAssertEqual(try PushFakeCommand.run(["reset", "--url", url]).status, 0)
        let empty = try PushFakeCommand.run(["journal", "--url", url])
        XCTAssertEqual(try JSON.parse(empty.stdout)["count"], 0)
        XCTAssertEqual(try JSON.parse(try PushFakeCommand.run(["deliveries", "--url", url]).stdout)["count"], 0)
        _ = server.stop()
    }

    func test_adminCommands_exit69_whenServerUnreachable() throws {
        let server = try ServeProcess(["--quiet"])
        let url = server.url
        _ = server.stop()
        let result = try PushFakeCommand.run(["journal", "--url", url])
        XCTAssertEqual(result.status, 69)
        XCTAssertTrue(result.stderr.contains("cannot connect"), result.stderr)
    }

    func test_adminCommands_exit64_whenNoURL() throws {
        let result = try PushFakeCommand.run(["reset"])
        XCTAssertEqual(result.status, 64)
        XCTAssertTrue(result.stderr.contains("no server URL"))
    }
}

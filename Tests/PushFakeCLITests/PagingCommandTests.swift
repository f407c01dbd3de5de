import Foundation
import PushFakeCore
import PushFakeTestSupport
import XCTest

/// `pushfake deliveries --since --limit` and `pushfake journal --limit`, end to end against `pushfake serve`.
final class PagingCommandTests: XCTestCase {
    func test_deliveriesAndJournal_pageWithLimit_andRefuseAnOutOfRangeLimit() async throws {
        let server = try ServeProcess(["--quiet"])
        for device in ["D1", "D2", "D3"] {
            let body =
                #"{"deviceId":"\#(device)","deviceRegistrationId":"ab","applicationKey":"k","applicationType":"IOS"}"#
            let registered = try await server.request("POST", "/TPNS/api/device/register", body: body)
            XCTAssertEqual(registered.status, 200)
        }
        let push =
            #"[{"message":"Hi","handlingLevel":1,"applicationKey":"k","applicationTypes":["IOS"],"deviceIds":null}]"#
        let sent = try await server.request("POST", "/TPNS/api/pushnotifications", body: push)
        XCTAssertEqual(sent.status, 200)

        let first = try PushFakeCommand.run(["deliveries", "--url", server.url, "--limit", "2"])
        XCTAssertEqual(first.status, 0, first.stdout + first.stderr)
        let firstPage = try JSON.parse(first.stdout)
        XCTAssertEqual(firstPage["count"], 2)
        XCTAssertEqual(firstPage["next"], 2)
        let last = try PushFakeCommand.run(["deliveries", "--url", server.url, "--since", "2", "--limit", "2"])
        let lastPage = try JSON.parse(last.stdout)
        XCTAssertEqual(lastPage["count"], 1)
        XCTAssertEqual(lastPage["next"], .null)
        XCTAssertEqual(lastPage["deliveries"]?[0]?["deviceId"], "D3")

        let lines = try PushFakeCommand.run(["journal", "--url", server.url, "--format", "jsonl", "--limit", "2"])
        XCTAssertEqual(lines.status, 0, lines.stdout + lines.stderr)
        XCTAssertEqual(lines.stdout.split(separator: "\n").count, 2)

        let zero = try PushFakeCommand.run(["deliveries", "--url", server.url, "--limit", "0"])
        XCTAssertNotEqual(zero.status, 0)
        XCTAssertTrue((zero.stdout + zero.stderr).contains("limit"), zero.stdout + zero.stderr)
        let help = try PushFakeCommand.run(["deliveries", "--help"])
        XCTAssertTrue(help.stdout.contains("--limit <n>"), help.stdout)
        XCTAssertTrue(help.stdout.contains("--since <seq>"), help.stdout)
        XCTAssertEqual(server.stop().status, 0)
    }
}

import Foundation
import PushFakeCore
import PushFakeHTTP
import PushFakeTestSupport
import XCTest

/// `pushfake serve --journal-limit N` bounds instances too (a ceiling they may lower), and `--max-instances N`
/// (0...100000) replaces the fixed 1,000.
final class InstanceLimitsCommandTests: XCTestCase {
    private let register =
        #"{"deviceId":"D1","deviceRegistrationId":"0a1b","applicationKey":"APPKEY","applicationType":"IOS"}"#

    func test_maxInstances_isListedInTheHelp_andOutOfRangeOrNotANumberIsAUsageError() throws {
        let help = try PushFakeCommand.run(["serve", "--help"])
        XCTAssertTrue(help.stdout.contains("--max-instances"), help.stdout)
        for value in ["-1", "100001", "many", "1e3", "2.5", ""] {
            let result = try PushFakeCommand.run(["serve", "--max-instances", value])
            XCTAssertEqual(result.status, 64, "\(value): \(result.stderr)")
            XCTAssertTrue(
                result.stderr.contains("--max-instances must be a number in 0...100000"), "\(value): \(result.stderr)")
        }
    }

    func test_journalLimit_boundsAnInstanceCreatedWithoutOne_andMaxInstancesCapsTheirNumber() throws {
        let server = try ServeProcess(["--quiet", "--journal-limit", "10", "--max-instances", "2"])
        let client = try LoopbackHTTPClient(port: server.port, receiveTimeout: 20)
        // GIVEN an instance created with {} (no limit asked for)
        let created = try XCTUnwrap(client.request("POST", "/__pushfake/instances", body: "{}"))
        XCTAssertEqual(created.status, 201)
        XCTAssertEqual(created.json?["journalLimit"], 10)
        let id = try XCTUnwrap(created.json?["id"]?.stringValue)
        // WHEN it gets 50 requests
        for _ in 0..<50 {
            XCTAssertEqual(client.request("POST", "/i/\(id)/TPNS/api/device/register", body: register)?.status, 200)
        }
        // THEN it holds the server's 10
        let health = try XCTUnwrap(client.request("GET", "/i/\(id)/__pushfake/health")?.json)
        XCTAssertEqual(health["journal"]?["entries"], 10)
        XCTAssertEqual(health["journal"]?["limit"], 10)
        XCTAssertEqual(health["journal"]?["dropped"], 40)
        // AND one asking for more gets the ceiling too, and a third instance is refused
        let more = try XCTUnwrap(client.request("POST", "/__pushfake/instances", body: #"{"journalLimit":1000}"#))
        XCTAssertEqual(more.json?["journalLimit"], 10)
        let third = try XCTUnwrap(client.request("POST", "/__pushfake/instances", body: "{}"))
        XCTAssertEqual(third.status, 503)
        XCTAssertTrue(third.json?["error"]?.stringValue?.contains("--max-instances") == true)
        XCTAssertEqual(server.stop().status, 0)
    }
}

import Foundation
import PushFakeCore
import PushFakeHTTP
import PushFakeTestSupport
import XCTest

/// `pushfake serve --max-connections N` is enforced (its range and help: RangedOptionCommandTests).
final class MaxConnectionsCommandTests: XCTestCase {
    func test_maxConnections_capsTheServer_andHealthReportsIt() throws {
        let server = try ServeProcess(["--quiet", "--max-connections", "2"])
        let first = try LoopbackHTTPClient(port: server.port)
        let second = try LoopbackHTTPClient(port: server.port)
        XCTAssertEqual(first.request("GET", "/__pushfake/health")?.status, 200)
        let health = try XCTUnwrap(second.request("GET", "/__pushfake/health")?.json)
        XCTAssertEqual(health["connections"]?["max"], 2)

        let third = try LoopbackHTTPClient(port: server.port)
        let refused = try XCTUnwrap(third.readResponse())
        XCTAssertEqual(refused.status, 503)
        XCTAssertEqual(refused.headers["Connection"], "close")
        XCTAssertEqual(refused.json?["status"], 503)
        XCTAssertEqual(refused.headers["Date"], "Thu, 01 Jan 2026 00:00:00 GMT", "the fake clock's, like every answer")
        XCTAssertEqual(server.stop().status, 0)
    }
}

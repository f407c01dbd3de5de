import Foundation
import PushFakeHTTP
import PushFakeTestSupport
import XCTest

/// Descriptor numbers are reused by the server process as clients come and go; a new client must never inherit
/// anything of an earlier one. The server runs in its own process here, so only its sockets take its numbers.
final class ConnectionReuseTests: XCTestCase {
    func test_newClient_isServedAsItself_whenAnEarlierOneHungUpRightAfterConnecting() throws {
        // One loop, so every reused number lands on it. A client that connects and hangs up at once (as wrk's
        // probe does) used to be closed before its loop took it from the adoption queue; the loop then made a
        // connection for the closed number, and the next client on that number got it: no peer address, so the
        // admin API answered 403.
        let server = try ServeProcess(["--quiet"], environment: ["PUSHFAKE_LOOPS": "1"])
        defer { _ = server.stop() }
        for round in 0..<10 {
            var quick: LoopbackHTTPClient? = try LoopbackHTTPClient(port: server.port)
            XCTAssertNotNil(quick)
            quick = nil
            Thread.sleep(forTimeInterval: 0.02)
            let client = try LoopbackHTTPClient(port: server.port)
            XCTAssertEqual(client.request("GET", "/__pushfake/health")?.status, 200, "round \(round)")
        }
    }
}

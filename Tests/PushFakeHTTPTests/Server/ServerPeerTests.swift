import Foundation
import PushFakeCore
import PushFakeHTTP
import XCTest

/// Every connection knows its own client: the admin API's loopback rule depends on it (AdminAccess.swift).
final class ServerPeerTests: ServerTestCase {
    /// A connection closed right after its first request, before its loop read the adoption queue, used to leave a
    /// stale entry there; the next connection given the same descriptor number then had no peer and was refused.
    func test_shortConnectionsInARow_areEachAnsweredAsLoopback() throws {
        for index in 0..<30 {
            let client = try LoopbackHTTPClient(port: port)
            let response = try XCTUnwrap(
                client.request("GET", "/__pushfake/health", headers: [("Connection", "close")]), "request \(index)")
            XCTAssertEqual(response.status, 200, "request \(index): \(response.text)")
        }
    }
}

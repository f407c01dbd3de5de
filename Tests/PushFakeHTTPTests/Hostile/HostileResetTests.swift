import PushFakeCore
import PushFakeHTTP
import PushFakeTestSupport
import XCTest

/// A client that resets its connection (SO_LINGER 0) in the middle of a body leaves nothing behind.
final class HostileResetTests: HostileTestCase {
    func test_resetMidBody_leavesTheServerServing() throws {
        for _ in 0..<20 {
            let client = try RawConnection(port: port)
            client.send(
                "POST /TPNS/api/device/register HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 1000\r\n\r\n{\"deviceId\":"
            )
            client.reset()
        }
        XCTAssertTrue(Wait.until { self.server.connectionCounts.open == 0 }, "\(server.connectionCounts)")
        XCTAssertTrue(fake.journal.entries.isEmpty, "no request completed")
        assertServed("after 20 connections reset mid-body")
    }
}

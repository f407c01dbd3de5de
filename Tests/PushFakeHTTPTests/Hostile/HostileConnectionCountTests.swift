import Foundation
import PushFakeCore
import PushFakeHTTP
import PushFakeTestSupport
import XCTest

/// Many connections at once: idle ones do not lock anyone out, and the one over the cap learns why.
final class HostileConnectionCountTests: HostileTestCase {
    func test_twoThousandIdleConnections_doNotStopAnotherClient() throws {
        // Both ends live in this process: 4,000 descriptors plus headroom.
        let limit = DescriptorLimit.raise(toAtLeast: 4_400)
        try XCTSkipIf(limit < 4_400, "the open-file limit is \(limit) and cannot be raised to 4,400 here")
        try restart { $0.requestTimeout = 30 }
        var idle: [RawConnection] = []
        for _ in 0..<2_000 { idle.append(try RawConnection(port: port)) }
        XCTAssertTrue(Wait.until { self.server.connectionCounts.open == 2_000 }, "\(server.connectionCounts)")
        assertServed("with 2,000 idle connections open")
        idle.removeAll()
        XCTAssertTrue(Wait.until { self.server.connectionCounts.open == 0 }, "\(server.connectionCounts)")
        assertServed("after 2,000 idle connections left")
    }

    func test_connectionOverTheCap_gets503WithAJSONBodyAndIsClosed_whenEveryConnectionHasSpoken() throws {
        try restart {
            $0.maxConnections = 10
            $0.requestTimeout = 30
        }
        var busy: [LoopbackHTTPClient] = []
        for _ in 0..<10 {
            let client = try LoopbackHTTPClient(port: port)
            XCTAssertEqual(client.request("GET", "/__pushfake/health")?.status, 200)
            busy.append(client)
        }

        let over = try RawConnection(port: port)
        let (received, ending) = over.readToEnd()
        let answer = RawAnswer(bytes: received, ending: ending)
        XCTAssertEqual(answer.status, 503, answer.text)
        XCTAssertTrue(answer.text.contains("\r\nConnection: close\r\n"), answer.text)
        XCTAssertEqual(answer.json?["status"], 503)
        XCTAssertTrue(answer.json?["error"]?.stringValue?.contains("at most 10") ?? false, answer.text)
        XCTAssertTrue(answer.closedByServer)
        XCTAssertEqual(server.connectionCounts, ConnectionCounts(open: 10, max: 10, refused: 1, evicted: 0))

        busy.removeFirst(5)
        XCTAssertTrue(Wait.until { self.server.connectionCounts.open == 5 }, "\(server.connectionCounts)")
        assertServed("once connections left room under the cap")
        let health = try XCTUnwrap(LoopbackHTTPClient(port: port).request("GET", "/__pushfake/health")?.json)
        XCTAssertEqual(health["connections"]?["refused"], 1)
        XCTAssertEqual(health["connections"]?["max"], 10)
    }

    func test_atTheCap_theOldestConnectionThatNeverSpokeMakesRoom_soAClientWithARequestIsServed() throws {
        try restart {
            $0.maxConnections = 10
            $0.requestTimeout = 30
        }
        var silent: [RawConnection] = []
        for _ in 0..<10 { silent.append(try RawConnection(port: port)) }
        XCTAssertTrue(Wait.until { self.server.connectionCounts.open == 10 }, "\(server.connectionCounts)")

        assertServed("with the cap filled by connections that never sent a byte")

        XCTAssertEqual(silent[0].read(), .closed, "the oldest silent connection was closed, without an answer")
        XCTAssertGreaterThanOrEqual(server.connectionCounts.evicted, 1)
        XCTAssertEqual(server.connectionCounts.refused, 0)
    }

    func test_connectOnlySocketsFloodingTheCap_areEvictedOldestFirst_andAllLeave() throws {
        try restart { $0.maxConnections = 20 }
        var sockets: [RawConnection] = []
        for _ in 0..<40 { sockets.append(try RawConnection(port: port)) }
        // Each of the last 20 takes the place of the oldest silent one; the last 20 leave after the 0.5 s timeout.
        for socket in sockets { XCTAssertEqual(socket.read(), .closed) }
        XCTAssertTrue(Wait.until { self.server.connectionCounts.open == 0 }, "\(server.connectionCounts)")
        XCTAssertEqual(server.connectionCounts.evicted, 20)
        XCTAssertEqual(server.connectionCounts.refused, 0)
        assertServed("after connect-only sockets flooded the cap")
    }
}

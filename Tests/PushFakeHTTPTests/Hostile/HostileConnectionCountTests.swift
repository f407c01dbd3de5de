import Foundation
import PushFakeCore
import PushFakeHTTP
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
        XCTAssertTrue(eventually { self.server.connectionCounts.open == 2_000 }, "\(server.connectionCounts)")
        assertServed("with 2,000 idle connections open")
        idle.removeAll()
        XCTAssertTrue(eventually { self.server.connectionCounts.open == 0 }, "\(server.connectionCounts)")
        assertServed("after 2,000 idle connections left")
    }

    func test_connectionOverTheCap_gets503WithAJSONBodyAndIsClosed_andIsCounted() throws {
        try restart {
            $0.maxConnections = 10
            $0.requestTimeout = 30
        }
        var idle: [RawConnection] = []
        for _ in 0..<10 { idle.append(try RawConnection(port: port)) }
        XCTAssertTrue(eventually { self.server.connectionCounts.open == 10 }, "\(server.connectionCounts)")

        let over = try RawConnection(port: port)
        let (received, ending) = over.readToEnd()
        let answer = RawAnswer(bytes: received, ending: ending)
        XCTAssertEqual(answer.status, 503, answer.text)
        XCTAssertTrue(answer.text.contains("\r\nConnection: close\r\n"), answer.text)
        XCTAssertEqual(answer.json?["status"], 503)
        XCTAssertTrue(answer.json?["error"]?.stringValue?.contains("at most 10") ?? false, answer.text)
        XCTAssertTrue(answer.closedByServer)
        XCTAssertEqual(server.connectionCounts, ConnectionCounts(open: 10, max: 10, refused: 1))

        idle.removeFirst(5)
        XCTAssertTrue(eventually { self.server.connectionCounts.open == 5 }, "\(server.connectionCounts)")
        assertServed("once connections left room under the cap")
        let health = try XCTUnwrap(LoopbackHTTPClient(port: port).request("GET", "/__pushfake/health")?.json)
        XCTAssertEqual(health["connections"]?["refused"], 1)
        XCTAssertEqual(health["connections"]?["max"], 10)
    }

    func test_connectOnlySocketsOverTheCap_leaveAfterTheRequestTimeout_andTheServerRecovers() throws {
        try restart { $0.maxConnections = 20 }
        var sockets: [RawConnection] = []
        for _ in 0..<40 { sockets.append(try RawConnection(port: port)) }
        // The first 20 are served (and closed silently after 0.5 s); the other 20 get 503 at once.
        var refused = 0
        for socket in sockets {
            if case .bytes(let bytes) = socket.read(), String(decoding: bytes, as: UTF8.self).hasPrefix("HTTP/1.1 503 ") {
                refused += 1
            }
        }
        XCTAssertEqual(refused, 20)
        XCTAssertTrue(eventually { self.server.connectionCounts.open == 0 }, "\(server.connectionCounts)")
        assertServed("after connect-only sockets filled the cap")
    }
}

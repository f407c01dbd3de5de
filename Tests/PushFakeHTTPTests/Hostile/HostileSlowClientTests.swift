import Foundation
import PushFakeCore
import PushFakeHTTP
import PushFakeTestSupport
import XCTest

/// Clients that take their time: the request timeout (0.5 s here) answers 408 and frees the connection, and
/// everyone else is served meanwhile.
final class HostileSlowClientTests: HostileTestCase {
    func test_slowlorisHead_answers408_whileOthersAreServed() throws {
        let slow = try RawConnection(port: port)
        // A head that never ends: one more header line now and then, as slowloris does.
        slow.send("GET /__pushfake/health HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        var answer: [UInt8] = []
        for index in 0..<200 {
            guard slow.send("X-Slow-\(index): a\r\n") else { break }
            assertServed("during a slowloris head")
            if case .bytes(let bytes) = slow.read() {
                answer = bytes
                break
            }
        }
        XCTAssertTrue(String(decoding: answer, as: UTF8.self).hasPrefix("HTTP/1.1 408 "))
        XCTAssertEqual(fake.journal.entries.last?.status, 408)
        assertServed("after a slowloris head")
    }

    func test_slowBody_answers408_whileOthersAreServed() throws {
        let slow = try RawConnection(port: port)
        slow.send("POST /TPNS/api/device/register HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 1000\r\n\r\n{")
        assertServed("during a slow body")
        let (received, ending) = slow.readToEnd()
        XCTAssertTrue(String(decoding: received, as: UTF8.self).hasPrefix("HTTP/1.1 408 "))
        XCTAssertEqual(ending, .closed)
        assertServed("after a slow body")
    }

    func test_connectionThatSendsNothing_isClosedAfterTheRequestTimeout_notTheIdleTimeout() throws {
        // Idle timeout 30 s, request timeout 0.5 s, the read gives up after 10 s: a close means the request timeout.
        let silent = try RawConnection(port: port, receiveTimeout: 10)
        assertServed("while a client sends nothing")
        XCTAssertEqual(silent.read(), .closed, "closed without an answer: nothing was asked")
        XCTAssertTrue(fake.journal.entries.allSatisfy { $0.status != 408 }, "nothing to journal")
        assertServed("after a client that sent nothing")
    }
}

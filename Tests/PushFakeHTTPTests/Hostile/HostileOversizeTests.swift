import PushFakeCore
import PushFakeHTTP
import XCTest

/// Heads, bodies and URLs over the limits (4 KiB of head, 16 KiB of body here) are refused before they are read.
final class HostileOversizeTests: HostileTestCase {
    func test_oversizedHead_answers431() throws {
        let answer = try answer(
            to:
                "GET /__pushfake/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: \(String(repeating: "a", count: 5_000))\r\n\r\n"
        )
        XCTAssertEqual(answer.status, 431)
        XCTAssertNotNil(answer.json?["error"])
        XCTAssertTrue(answer.closedByServer)
    }

    func test_oversizedBody_answers413_beforeTheBodyIsSent() throws {
        let answer = try answer(
            to: "POST /TPNS/api/device/register HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 1000000000\r\n\r\n")
        XCTAssertEqual(answer.status, 413)
        XCTAssertTrue(fake.journal.entries.contains { $0.isUnmatched && $0.status == 413 })
        XCTAssertTrue(answer.closedByServer)
    }

    func test_oversizedURL_answers431() throws {
        let answer = try answer(to: "GET /\(String(repeating: "x", count: 8_000)) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        XCTAssertEqual(answer.status, 431)
        XCTAssertTrue(answer.closedByServer)
    }
}

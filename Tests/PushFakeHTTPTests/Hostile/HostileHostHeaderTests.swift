import PushFakeCore
import PushFakeHTTP
import XCTest

/// RFC 9112 §3.2: an HTTP/1.1 request without `Host`, or any request with two, is 400 — journaled like other
/// malformed requests. HTTP/1.0 requests may omit it.
final class HostileHostHeaderTests: HostileTestCase {
    func test_missingHost_answers400WithAJSONError_andIsJournaled() throws {
        let answer = try answer(to: "GET /__pushfake/health HTTP/1.1\r\n\r\n")
        XCTAssertEqual(answer.status, 400)
        XCTAssertEqual(answer.json?["error"], "missing Host header")
        XCTAssertTrue(answer.closedByServer)
        let entry = try XCTUnwrap(
            fake.journal.entries.first { $0.isUnmatched }, "journaled like other malformed requests")
        XCTAssertEqual(entry.status, 400)
        XCTAssertEqual(entry.notes.first, "malformed HTTP: missing Host header")
    }

    func test_duplicateHost_answers400() throws {
        let answer = try answer(to: "GET /__pushfake/health HTTP/1.1\r\nHost: 127.0.0.1\r\nHost: evil.example\r\n\r\n")
        XCTAssertEqual(answer.status, 400)
        XCTAssertEqual(answer.json?["error"], "more than one Host header")
    }

    func test_http10WithoutHost_isServed() throws {
        let answer = try answer(to: "GET /__pushfake/health HTTP/1.0\r\n\r\n")
        XCTAssertEqual(answer.status, 200)
    }

    func test_bracketedHostThatIsNoIPv6Literal_isRefusedByTheAdminAPI() throws {
        for host in ["[evil.com]", "[x]evil.com", "[::1]evil.com", "127.0.0.1:99999"] {
            let answer = try answer(to: "GET /__pushfake/health HTTP/1.1\r\nHost: \(host)\r\nConnection: close\r\n\r\n")
            XCTAssertEqual(answer.status, 403, "\(host): \(answer.text)")
            XCTAssertTrue(answer.json?["error"]?.stringValue?.hasPrefix("Host \(host) is not") == true, answer.text)
        }
        let allowed = try answer(to: "GET /__pushfake/health HTTP/1.1\r\nHost: [::1]:8080\r\nConnection: close\r\n\r\n")
        XCTAssertEqual(allowed.status, 200, allowed.text)
    }
}

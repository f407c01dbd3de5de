import PushFakeCore
import PushFakeHTTP
import XCTest

/// Bytes that cannot start an HTTP/1.1 request get 400 at once and a close — not a 408 when the request timeout
/// ends. The request timeout is 30 s here and the reads give up after 10 s, so an answer at all means "at once".
final class HostileNotHTTPTests: HostileTestCase {
    override func setUpWithError() throws {
        try startServer {
            Self.configureSmall(&$0)
            $0.requestTimeout = 30
        }
    }

    func test_tlsClientHello_answers400AtOnce() throws {
        // A TLS record header (handshake, TLS 1.0 record version, length) and the start of a ClientHello.
        let hello: [UInt8] =
            [0x16, 0x03, 0x01, 0x00, 0xF4, 0x01, 0x00, 0x00, 0xF0, 0x03, 0x03] + Array(repeating: 0x2A, count: 32)
        let answer = try answer(to: hello)
        XCTAssertEqual(answer.status, 400)
        XCTAssertEqual(answer.json?["error"], "invalid method")
        XCTAssertTrue(answer.closedByServer)
        XCTAssertEqual(fake.journal.entries.first { $0.isUnmatched }?.request.body.prefix(2), [0x16, 0x03])
    }

    func test_http2Preface_answers400AtOnce() throws {
        let answer = try answer(to: "PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n")
        XCTAssertEqual(answer.status, 400)
        XCTAssertTrue(answer.json?["error"]?.stringValue?.contains("HTTP/2") ?? false, answer.text)
        XCTAssertTrue(answer.closedByServer)
    }

    func test_binaryGarbage_answers400AtOnce() throws {
        var generator = SystemRandomNumberGenerator()
        let garbage = [0x00, 0xFF] + (0..<500).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let answer = try answer(to: garbage)
        XCTAssertEqual(answer.status, 400)
        XCTAssertTrue(answer.closedByServer)
    }
}

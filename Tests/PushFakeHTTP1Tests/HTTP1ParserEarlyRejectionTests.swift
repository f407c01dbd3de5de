import PushFakeHTTP1
import XCTest

/// Bytes that cannot start a request line fail as soon as they arrive, not when a blank line that may never come
/// does: a TLS ClientHello, binary garbage, an HTTP/2 client with prior knowledge.
final class HTTP1ParserEarlyRejectionTests: XCTestCase {
    func test_parser_fails400AtOnce_whenATLSClientHelloArrives() {
        var parser = HTTP1Parser()
        // The first bytes of a TLS 1.2/1.3 ClientHello record: handshake (0x16), version 3.1, length, type 1.
        parser.append([0x16, 0x03, 0x01, 0x02, 0x00, 0x01, 0x00, 0x01, 0xFC, 0x03, 0x03])
        XCTAssertEqual(parser.next(), .error(HTTP1ParseError(status: 400, reason: "invalid method")))
        XCTAssertEqual(parser.requestBytes.prefix(2), [0x16, 0x03], "kept for the journal")
    }

    func test_parser_fails400AtOnce_whenAControlOrNonTokenByteComesBeforeTheFirstSpace() {
        for prefix in ["G\u{00}ET", "\u{01}", "GET\t/", "GE(T", " GET", "\u{7F}"] {
            var parser = HTTP1Parser()
            parser.append(bytes(prefix))
            XCTAssertEqual(parser.next(), .error(HTTP1ParseError(status: 400, reason: "invalid method")), prefix)
        }
    }

    func test_parser_waits_whileTheFirstBytesCanStillStartARequest() {
        for prefix in ["G", "GET", "GET ", "GET /a\u{01}", "\r\n\r\nPOS", "\r"] {
            var parser = HTTP1Parser()
            parser.append(bytes(prefix))
            XCTAssertEqual(parser.next(), .needMoreData, prefix)
        }
    }

    func test_parser_fails400_whenTheHTTP2PrefaceArrives() {
        let preface = "PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n"
        XCTAssertEqual(
            assertParseError(preface, status: 400), "HTTP/2 connection preface: this server speaks HTTP/1.1 only")
        assertParseError("GET / HTTP/2.0\r\n\r\n", status: 505)
    }

    func test_parser_givesTheSameError_whetherGarbageArrivesWholeOrByteByByte() {
        let garbage = bytes("\u{16}\u{03}\u{01} hello\r\n\r\n")
        XCTAssertEqual(events(feeding: [garbage]), events(feeding: garbage.map { [$0] }))
    }
}

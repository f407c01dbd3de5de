import PushFakeHTTP1
import XCTest

final class HTTP1ParserRequestLineTests: XCTestCase {
    func test_parser_returnsRequest_whenSimpleGetArrives() {
        let request = parseOne("GET /health HTTP/1.1\r\nHost: localhost\r\n\r\n")

        XCTAssertEqual(
            request,
            HTTP1Request(
                method: "GET", target: "/health", version: .http11, headers: ["Host": "localhost"], body: [],
                keepAlive: true, expectsContinue: false))
    }

    func test_parser_keepsMethodAndTargetAsSent_whenTargetHasQueryAndMethodIsUnusual() {
        let request = parseOne("m-SEARCH /TPNS/api/device/register?x=1&y=%20 HTTP/1.1\r\nHost: x\r\n\r\n")

        XCTAssertEqual(request?.method, "m-SEARCH")
        XCTAssertEqual(request?.target, "/TPNS/api/device/register?x=1&y=%20")
    }

    func test_parser_acceptsAbsoluteAndAsteriskTargets_whenWellFormed() {
        XCTAssertEqual(parseOne("OPTIONS * HTTP/1.1\r\nHost: x\r\n\r\n")?.target, "*")
        // The absolute form is read as its origin form plus its authority (RFC 9112 §3.2.2).
        let absolute = parseOne("GET http://h:8/a?b HTTP/1.1\r\nHost: x\r\n\r\n")
        XCTAssertEqual(absolute?.target, "/a?b")
        XCTAssertEqual(absolute?.targetAuthority, "h:8")
        XCTAssertEqual(parseOne("GET HTTPS://h?b HTTP/1.1\r\nHost: x\r\n\r\n")?.target, "/?b")
        XCTAssertNil(parseOne("GET /a HTTP/1.1\r\nHost: x\r\n\r\n")?.targetAuthority)
    }

    func test_parser_acceptsBareLF_whenLinesEndWithLFOnly() {
        let request = parseOne("POST /a HTTP/1.1\nHost: x\nContent-Length: 2\nX: y\r\n\nhi")

        XCTAssertEqual(request?.headers["x"], "y")
        XCTAssertEqual(request?.body, bytes("hi"))
    }

    func test_parser_skipsEmptyLines_whenTheyPrecedeRequestLine() {
        let request = parseOne("\r\n\n\r\nGET / HTTP/1.1\r\nHost: x\r\n\r\n")

        XCTAssertEqual(request?.target, "/")
    }

    func test_parser_fails400_whenTooManyEmptyLinesPrecedeRequest() {
        assertParseError(String(repeating: "\r\n", count: 9) + "GET / HTTP/1.1\r\nHost: x\r\n\r\n", status: 400)
        XCTAssertNotNil(parseOne(String(repeating: "\r\n", count: 8) + "GET / HTTP/1.1\r\nHost: x\r\n\r\n"))
    }

    func test_parser_parsesVersion_whenHTTP10OrLaterMinor() {
        XCTAssertEqual(parseOne("GET / HTTP/1.0\r\n\r\n")?.version, .http10)
        XCTAssertEqual(parseOne("GET / HTTP/1.1\r\nHost: x\r\n\r\n")?.version, .http11)
        // RFC 9112 §2.3: an unknown minor version of 1.x is answered as 1.1.
        XCTAssertEqual(parseOne("GET / HTTP/1.7\r\nHost: x\r\n\r\n")?.version, HTTP1Version(major: 1, minor: 7))
        XCTAssertEqual(parseOne("GET / HTTP/1.7\r\nHost: x\r\n\r\n")?.keepAlive, true)
    }

    func test_parser_fails505_whenMajorVersionIsNot1() {
        for version in ["HTTP/2.0", "HTTP/0.9", "HTTP/3.1", "HTTP/9.9"] {
            assertParseError("GET / \(version)\r\n\r\n", status: 505)
        }
    }

    func test_parser_fails400_whenVersionIsGarbage() {
        for version in [
            "HTTP/1", "http/1.1", "HTTP/1.1x", "HTTP/11.1", "HTTP/1,1", "HTTP /1.1", "XTTP/1.1", "HTTP/a.1",
        ] {
            assertParseError("GET / \(version)\r\n\r\n", status: 400)
        }
        assertParseError("GET /\r\n\r\n", status: 400)
        assertParseError("GET / \r\n\r\n", status: 400)
    }

    func test_parser_fails400_whenMethodIsNotAToken() {
        for line in ["G(T / HTTP/1.1", " GET / HTTP/1.1", "GE\u{7F}T / HTTP/1.1", "/ HTTP/1.1", "GET"] {
            assertParseError(line + "\r\n\r\n", status: 400)
        }
    }

    func test_parser_fails400_whenTargetIsMissingOrSpacedOrHasControls() {
        for line in [
            "GET  HTTP/1.1", "GET  / HTTP/1.1", "GET / x HTTP/1.1", "GET /\ta HTTP/1.1", "GET /\u{7F} HTTP/1.1",
        ] {
            assertParseError(line + "\r\n\r\n", status: 400)
        }
        assertParseError("GET /caf\u{E9} HTTP/1.1\r\nHost: x\r\n\r\n", status: 400)
    }

    func test_parser_fails400_whenRequestLineHasBareCR() {
        assertParseError("GET /a\rb HTTP/1.1\r\nHost: x\r\n\r\n", status: 400)
        assertParseError("GET / HTTP/1.1\r\r\n\r\n", status: 400)
        assertParseError("\rGET / HTTP/1.1\r\nHost: x\r\n\r\n", status: 400)
    }

    func test_parser_fails400_whenGarbageArrives() {
        assertParseError("\u{16}\u{03}\u{01}\u{02}\u{00}\n\n", status: 400)
        assertParseError("hello\r\n\r\n", status: 400)
    }
}

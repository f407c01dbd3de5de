import PushFakeHTTP1
import XCTest

/// RFC 9112 §3.2: an HTTP/1.1 request carries exactly one `Host`; any request with two is rejected.
final class HTTP1ParserHostTests: XCTestCase {
    func test_parser_fails400_whenHTTP11RequestHasNoHost() {
        XCTAssertEqual(assertParseError("GET / HTTP/1.1\r\n\r\n", status: 400), "missing Host header")
        XCTAssertEqual(assertParseError("GET / HTTP/1.7\r\nX-Host: a\r\n\r\n", status: 400), "missing Host header")
    }

    func test_parser_fails400_whenAnyRequestHasTwoHosts() {
        for version in ["HTTP/1.1", "HTTP/1.0"] {
            XCTAssertEqual(
                assertParseError("GET / \(version)\r\nHost: a\r\nhost: a\r\n\r\n", status: 400),
                "more than one Host header", version)
        }
    }

    func test_parser_acceptsHTTP10WithoutHost_andAnEmptyHost() {
        XCTAssertEqual(parseOne("GET / HTTP/1.0\r\n\r\n")?.version, .http10)
        XCTAssertEqual(parseOne("GET / HTTP/1.1\r\nHOST:\r\n\r\n")?.headers["Host"], "")
    }

    func test_parser_prefersTheFramingError_whenHostIsAlsoMissing() {
        assertParseError(
            "POST / HTTP/1.1\r\nContent-Length: 99\r\n\r\n", status: 413, limits: HTTP1Parser.Limits(maxBodyBytes: 10))
    }
}

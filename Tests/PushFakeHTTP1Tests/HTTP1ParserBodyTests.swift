import PushFakeHTTP1
import XCTest

final class HTTP1ParserBodyTests: XCTestCase {
    func test_parser_readsBody_whenContentLengthGiven() {
        let json = #"{"deviceId":"E621E1F8","applicationType":"IOS"}"#
        let request = parseOne(
            "POST /TPNS/api/device/register HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                + "Content-Length: \(json.utf8.count)\r\n\r\n\(json)")

        XCTAssertEqual(request?.method, "POST")
        XCTAssertEqual(request?.body, bytes(json))
    }

    func test_parser_waitsForBody_whenContentLengthNotYetReceived() {
        var parser = HTTP1Parser()
        parser.append(bytes("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\nab"))

        XCTAssertEqual(parser.next(), .needMoreData)
        XCTAssertTrue(parser.isMidRequest)
        parser.append(bytes("cde"))
        XCTAssertEqual(
            parser.next(),
            .request(
                HTTP1Request(
                    method: "POST", target: "/", headers: ["Host": "x", "Content-Length": "5"], body: bytes("abcde"))))
    }

    func test_parser_returnsEmptyBody_whenPostHasNoBodyHeaders() {
        XCTAssertEqual(parseOne("POST /a HTTP/1.1\r\nHost: x\r\n\r\n")?.body, [])
        XCTAssertEqual(parseOne("POST /a HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n")?.body, [])
        XCTAssertEqual(parseOne("POST /a HTTP/1.1\r\nHost: x\r\nContent-Length: 000\r\n\r\n")?.body, [])
    }

    func test_parser_acceptsContentLength_whenDuplicatesAreIdentical() {
        XCTAssertEqual(
            parseOne("PUT / HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\ncontent-length: 2\r\n\r\nok")?.body, bytes("ok")
        )
        XCTAssertEqual(parseOne("PUT / HTTP/1.1\r\nHost: x\r\nContent-Length: 2, 2\r\n\r\nok")?.body, bytes("ok"))
    }

    func test_parser_fails400_whenContentLengthsConflict() {
        let reason = assertParseError(
            "PUT / HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\nabc", status: 400)
        XCTAssertEqual(reason, "conflicting Content-Length")
        assertParseError("PUT / HTTP/1.1\r\nHost: x\r\nContent-Length: 2, 3\r\n\r\nabc", status: 400)
    }

    func test_parser_fails400_whenContentLengthIsNotDigits() {
        for value in ["-1", "+5", "1a", "0x10", "", "1 2", "1.0", ","] {
            let reason = assertParseError("PUT / HTTP/1.1\r\nHost: x\r\nContent-Length: \(value)\r\n\r\n", status: 400)
            XCTAssertEqual(reason, "invalid Content-Length", value)
        }
    }

    func test_parser_fails413_whenContentLengthExceedsLimitBeforeBodyArrives() {
        let limits = HTTP1Parser.Limits(maxBodyBytes: 10)
        var parser = HTTP1Parser(limits: limits)
        parser.append(bytes("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 11\r\n\r\n"))

        XCTAssertEqual(parser.next(), .error(HTTP1ParseError(status: 413, reason: "body exceeds 10 bytes")))
        XCTAssertEqual(parseOne("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 10\r\n\r\n0123456789")?.body.count, 10)
    }

    func test_parser_fails413_whenContentLengthOverflowsInt() {
        assertParseError(
            "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 99999999999999999999999999\r\n\r\n", status: 413)
        assertParseError("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 10485761\r\n\r\n", status: 413)
    }

    func test_parser_decodesChunkedBody_whenChunksHaveExtensionsAndTrailers() {
        let request = parseOne(
            "POST /up HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n"
                + "5;name=value;flag\r\nhello\r\n"
                + "1 ; spaced=\"q;x\"\r\n \r\n"
                + "00A\r\n0123456789\r\n"
                + "0;last\r\nX-Checksum: abc\r\nX-Other: 1\r\n\r\n")

        XCTAssertEqual(request?.body, bytes("hello 0123456789"))
        XCTAssertEqual(request?.headers["x-checksum"], nil, "trailers are dropped")
        XCTAssertEqual(request?.headers["transfer-encoding"], "chunked")
    }

    func test_parser_decodesChunkedBody_whenCodingNameHasOtherCaseAndLinesEndWithLF() {
        let request = parseOne(
            "POST / HTTP/1.1\nHost: x\nTransfer-Encoding: ChUnKeD\n\na\n0123456789\nf\n0123456789abcde\n0\n\n")

        XCTAssertEqual(request?.body, bytes("01234567890123456789abcde"))
    }

    func test_parser_returnsEmptyBody_whenChunkedBodyHasOnlyLastChunk() {
        XCTAssertEqual(parseOne("POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n")?.body, [])
    }

    func test_parser_fails413_whenChunkedTotalExceedsLimit() {
        let limits = HTTP1Parser.Limits(maxBodyBytes: 10)
        let head = "POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n"
        let ok = events(head + "5\r\n01234\r\n5\r\n56789\r\n0\r\n\r\n", limits: limits)
        guard case .request? = ok.first else { return XCTFail("10 bytes must fit") }

        assertParseError(head + "5\r\n01234\r\n6\r\n", status: 413, limits: limits)
        assertParseError(head + "ffffffffffffffffffffffff\r\n", status: 413)
    }

    func test_parser_fails400_whenChunkSizeIsMalformed() {
        let head = "POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n"
        for line in ["", "g", "-1", "0x5", "5 5", "5\u{01}", ";ext", "5;a\u{00}b", "5\rx"] {
            assertParseError(head + line + "\r\n", status: 400)
        }
    }

    func test_parser_fails400_whenChunkDataIsNotFollowedByCRLF() {
        let head = "POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n"
        let reason = assertParseError(head + "3\r\nabcd\r\n0\r\n\r\n", status: 400)
        XCTAssertEqual(reason, "missing CRLF after chunk data")
        assertParseError(head + "3\r\nabc\rX", status: 400)
    }

    func test_parser_fails400_whenChunkSizeLineIsTooLong() {
        let head = "POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n"
        assertParseError(head + "1;" + String(repeating: "x", count: 5_000), status: 400)
    }

    func test_parser_fails400_whenTrailerIsMalformed() {
        let head = "POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n"
        assertParseError(head + "0\r\nnot a trailer\r\n\r\n", status: 400)
        assertParseError(head + "0\r\n folded\r\n\r\n", status: 400)
    }

    func test_parser_fails431_whenTrailersExceedHeadLimit() {
        let head = "POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n"
        let trailer = "X-T: " + String(repeating: "t", count: 200) + "\r\n"
        assertParseError(head + "0\r\n" + trailer, status: 431, limits: HTTP1Parser.Limits(maxHeadBytes: 150))
    }

    func test_parser_fails501_whenTransferEncodingIsNotExactlyChunked() {
        for coding in ["gzip", "gzip, chunked", "chunked, chunked", "identity", "chunked;q=1", ""] {
            let reason = assertParseError(
                "POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: \(coding)\r\n\r\n", status: 501)
            XCTAssertEqual(reason, "unsupported Transfer-Encoding", coding)
        }
        assertParseError(
            "POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nTransfer-Encoding: gzip\r\n\r\n", status: 501)
    }

    func test_parser_fails400_whenBothContentLengthAndTransferEncodingArePresent() {
        let reason = assertParseError(
            "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n",
            status: 400)
        XCTAssertEqual(reason, "both Content-Length and Transfer-Encoding")
        assertParseError(
            "POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: gzip\r\nContent-Length: 5\r\n\r\n", status: 400)
    }
}

import PushFakeHTTP1
import XCTest

final class HTTP1ParserConnectionTests: XCTestCase {
    private func keepAlive(_ version: String, _ connection: String?) -> Bool? {
        let header = connection.map { "Connection: \($0)\r\n" } ?? ""
        return parseOne("GET / \(version)\r\nHost: x\r\n\(header)\r\n")?.keepAlive
    }

    func test_parser_keepsAlive_whenHTTP11HasNoConnectionClose() {
        XCTAssertEqual(keepAlive("HTTP/1.1", nil), true)
        XCTAssertEqual(keepAlive("HTTP/1.1", "keep-alive"), true)
        XCTAssertEqual(keepAlive("HTTP/1.1", "Upgrade, TE"), true)
        XCTAssertEqual(keepAlive("HTTP/1.1", "closed"), true)
    }

    func test_parser_closes_whenHTTP11ListsCloseInAnyCaseOrPosition() {
        XCTAssertEqual(keepAlive("HTTP/1.1", "close"), false)
        XCTAssertEqual(keepAlive("HTTP/1.1", "CLOSE"), false)
        XCTAssertEqual(keepAlive("HTTP/1.1", "TE, Close"), false)
        XCTAssertEqual(keepAlive("HTTP/1.1", "keep-alive,close"), false)
    }

    func test_parser_closes_whenHTTP10HasNoKeepAlive() {
        XCTAssertEqual(keepAlive("HTTP/1.0", nil), false)
        XCTAssertEqual(keepAlive("HTTP/1.0", "close"), false)
        XCTAssertEqual(keepAlive("HTTP/1.0", "keep-alive, close"), false)
    }

    func test_parser_keepsAlive_whenHTTP10ListsKeepAlive() {
        XCTAssertEqual(keepAlive("HTTP/1.0", "keep-alive"), true)
        XCTAssertEqual(keepAlive("HTTP/1.0", "Keep-Alive"), true)
        XCTAssertEqual(keepAlive("HTTP/1.0", " foo ,  KEEP-ALIVE "), true)
    }

    func test_parser_closesAfterTheRequest_whenHTTP10SendsTransferEncoding() {
        let request = parseOne(
            "POST / HTTP/1.0\r\nConnection: keep-alive\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n")
        XCTAssertEqual(request?.keepAlive, false)
        XCTAssertEqual(request?.body, bytes("{}"))
        XCTAssertEqual(
            parseOne("POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n")?.keepAlive, true)
    }

    func test_parser_reportsBufferedBytesAndMidRequest_whenBytesArrive() {
        var parser = HTTP1Parser()
        XCTAssertEqual(parser.bufferedByteCount, 0)
        XCTAssertFalse(parser.isMidRequest)

        parser.append(bytes("\r\n"))
        XCTAssertEqual(parser.next(), .needMoreData)
        XCTAssertFalse(parser.isMidRequest, "a stray CRLF between requests is not a request")

        parser.append(bytes("GET / HT"))
        XCTAssertEqual(parser.next(), .needMoreData)
        XCTAssertTrue(parser.isMidRequest)
        XCTAssertEqual(parser.bufferedByteCount, 8)

        parser.append(bytes("TP/1.1\r\nHost: x\r\n\r\nGET"))
        guard case .request = parser.next() else { return XCTFail("expected a request") }
        XCTAssertEqual(parser.bufferedByteCount, 3)
        XCTAssertTrue(parser.isMidRequest)
    }

    func test_parser_staysFailed_whenMoreBytesArriveAfterError() {
        var parser = HTTP1Parser()
        parser.append(bytes("BAD REQUEST LINE\r\n\r\n"))
        let first = parser.next()
        guard case .error(let error) = first else { return XCTFail("expected an error") }

        parser.append(bytes("GET / HTTP/1.1\r\nHost: x\r\n\r\n"))

        XCTAssertEqual(error.status, 400)
        XCTAssertEqual(parser.next(), first)
        XCTAssertEqual(parser.next(), first)
        XCTAssertEqual(parser.bufferedByteCount, 0)
        XCTAssertFalse(parser.isMidRequest)
    }

    func test_parser_acceptsRawBufferAppend_whenBytesComeFromRecv() {
        var parser = HTTP1Parser()
        let input = bytes("GET /raw HTTP/1.1\r\nHost: x\r\n\r\n")
        input.withUnsafeBytes { parser.append($0) }

        XCTAssertEqual(parser.next(), .request(HTTP1Request(method: "GET", target: "/raw", headers: ["Host": "x"])))
    }

    func test_parser_keepsBufferBounded_whenManyRequestsStreamThrough() {
        var parser = HTTP1Parser()
        let request = bytes(
            "POST /s HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n" + String(repeating: "z", count: 100))
        var parsed = 0
        // Feed in 1000-byte reads that straddle request boundaries, like a busy keep-alive connection.
        let stream = Array((0..<500).map { _ in request }.joined())
        var offset = 0
        while offset < stream.count {
            parser.append(Array(stream[offset..<min(offset + 1_000, stream.count)]))
            offset += 1_000
            while case .request(let parsedRequest) = parser.next() {
                XCTAssertEqual(parsedRequest.body.count, 100)
                parsed += 1
            }
            XCTAssertLessThan(parser.bufferedByteCount, request.count + 1_000)
        }
        XCTAssertEqual(parsed, 500)
        XCTAssertEqual(parser.bufferedByteCount, 0)
    }
}

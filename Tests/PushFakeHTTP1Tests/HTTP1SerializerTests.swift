import PushFakeHTTP1
import XCTest

final class HTTP1SerializerTests: XCTestCase {
    private let json: HTTPHeaders = ["Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store"]

    private func text(_ output: [UInt8]) -> String {
        String(decoding: output, as: UTF8.self)
    }

    private func serialize(
        _ status: Int, headers: HTTPHeaders = [:], body: String = "", keepAlive: Bool = true, head: Bool = false,
        version: HTTP1Version = .http11
    ) -> String {
        text(
            HTTP1Serializer.serialize(
                HTTP1ResponseHead(status: status, headers: headers), body: bytes(body), keepAlive: keepAlive,
                headRequest: head, requestVersion: version))
    }

    func test_serializer_writesStatusHeadersLengthAndBody_whenResponseIsJSON() {
        XCTAssertEqual(
            serialize(200, headers: json, body: #"{"retCode":0}"#),
            "HTTP/1.1 200 OK\r\nContent-Type: application/json; charset=utf-8\r\nCache-Control: no-store\r\n"
                + "Content-Length: 13\r\n\r\n{\"retCode\":0}")
    }

    func test_serializer_writesZeroContentLength_whenBodyIsEmpty() {
        XCTAssertEqual(serialize(404), "HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\n\r\n")
    }

    func test_serializer_addsConnectionClose_whenNotKeepingAlive() {
        XCTAssertEqual(
            serialize(500, body: "x", keepAlive: false),
            "HTTP/1.1 500 Internal Server Error\r\nContent-Length: 1\r\nConnection: close\r\n\r\nx")
    }

    func test_serializer_omitsBodyButKeepsLength_whenAnsweringHead() {
        XCTAssertEqual(
            serialize(200, headers: ["ETag": "\"1\""], body: "hello", head: true),
            "HTTP/1.1 200 OK\r\nETag: \"1\"\r\nContent-Length: 5\r\n\r\n")
    }

    func test_serializer_omitsLengthAndBody_whenStatusIs204Or304Or1xx() {
        XCTAssertEqual(serialize(204, body: "ignored"), "HTTP/1.1 204 No Content\r\n\r\n")
        XCTAssertEqual(serialize(304, keepAlive: false), "HTTP/1.1 304 Not Modified\r\nConnection: close\r\n\r\n")
        XCTAssertEqual(serialize(100), text(HTTP1Serializer.continueResponse))
    }

    func test_serializer_ownsFramingHeaders_whenResponseAlreadyHasThem() {
        let headers: HTTPHeaders = [
            "content-length": "999", "X-A": "1", "CONNECTION": "keep-alive", "Transfer-Encoding": "chunked",
        ]

        XCTAssertEqual(
            serialize(201, headers: headers, body: "ab", keepAlive: false),
            "HTTP/1.1 201 Created\r\nX-A: 1\r\nContent-Length: 2\r\nConnection: close\r\n\r\nab")
    }

    func test_serializer_addsKeepAlive_whenHTTP10ClientKeepsAlive() {
        XCTAssertEqual(
            serialize(200, version: .http10), "HTTP/1.1 200 OK\r\nContent-Length: 0\r\nConnection: keep-alive\r\n\r\n")
        XCTAssertEqual(
            serialize(200, keepAlive: false, version: .http10),
            "HTTP/1.1 200 OK\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
    }

    func test_serializer_appendsToBuffer_whenSerializingInto() {
        var buffer = bytes("HTTP/1.1 204 No Content\r\n\r\n")

        HTTP1Serializer.serialize(
            HTTP1ResponseHead(status: 200), body: bytes("k"), keepAlive: true, headRequest: false, into: &buffer)

        XCTAssertEqual(text(buffer), "HTTP/1.1 204 No Content\r\n\r\nHTTP/1.1 200 OK\r\nContent-Length: 1\r\n\r\nk")
    }

    func test_serializer_replacesControlBytes_whenHeaderValueCouldInjectALine() {
        XCTAssertEqual(
            serialize(200, headers: ["X-Echo": "a\r\nSet-Cookie: x"]),
            "HTTP/1.1 200 OK\r\nX-Echo: a  Set-Cookie: x\r\nContent-Length: 0\r\n\r\n")
    }

    func test_serializer_writesStatusDigitsAndGivenReason_whenStatusIsUnusual() {
        XCTAssertEqual(serialize(599), "HTTP/1.1 599 Status 599\r\nContent-Length: 0\r\n\r\n")
        let head = HTTP1ResponseHead(status: 299, reason: "Fine\r\nX: y")
        XCTAssertEqual(
            text(HTTP1Serializer.serialize(head, body: [], keepAlive: true, headRequest: false)),
            "HTTP/1.1 299 Fine  X: y\r\nContent-Length: 0\r\n\r\n")
    }

    func test_statusLine_isDigitsAndRegisteredPhrase_forEveryStatus() {
        // The common statuses are written from whole-line literals: each must equal the general form.
        for status in 100...599 {
            var line: [UInt8] = []
            HTTP1Serializer.appendStatusLine(status: status, into: &line)
            XCTAssertEqual(text(line), "HTTP/1.1 \(status) \(HTTP1Status.reasonPhrase(for: status))\r\n")
        }
    }

    func test_serializer_writesLengthAndWholeBody_whenBodyIsLarge() {
        let body = (0..<100_000).map { UInt8(truncatingIfNeeded: $0) }

        let output = HTTP1Serializer.serialize(
            HTTP1ResponseHead(status: 200), body: body, keepAlive: true, headRequest: false)

        XCTAssertEqual(text(Array(output.prefix(43))), "HTTP/1.1 200 OK\r\nContent-Length: 100000\r\n\r\n")
        XCTAssertEqual(Array(output.suffix(body.count)), body)
    }
}

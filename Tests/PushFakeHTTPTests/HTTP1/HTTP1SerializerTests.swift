import PushFakeCore
import PushFakeHTTP
import XCTest

final class HTTP1SerializerTests: XCTestCase {
    private func text(_ output: [UInt8]) -> String {
        String(decoding: output, as: UTF8.self)
    }

    func test_serializer_writesStatusHeadersLengthAndBody_whenResponseIsJSON() {
        let response = FakeResponse.json(200, bytes: bytes(#"{"retCode":0}"#))

        let output = HTTP1Serializer.serialize(response, keepAlive: true, headRequest: false)

        XCTAssertEqual(
            text(output),
            "HTTP/1.1 200 OK\r\nContent-Type: application/json; charset=utf-8\r\nCache-Control: no-store\r\n"
                + "Content-Length: 13\r\n\r\n{\"retCode\":0}")
    }

    func test_serializer_writesZeroContentLength_whenBodyIsEmpty() {
        let output = HTTP1Serializer.serialize(FakeResponse(status: 404), keepAlive: true, headRequest: false)

        XCTAssertEqual(text(output), "HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\n\r\n")
    }

    func test_serializer_addsConnectionClose_whenNotKeepingAlive() {
        let response = FakeResponse(status: 500, body: bytes("x"))

        let output = HTTP1Serializer.serialize(response, keepAlive: false, headRequest: false)

        XCTAssertEqual(
            text(output), "HTTP/1.1 500 Internal Server Error\r\nContent-Length: 1\r\nConnection: close\r\n\r\nx")
    }

    func test_serializer_omitsBodyButKeepsLength_whenAnsweringHead() {
        let response = FakeResponse(status: 200, headers: ["ETag": "\"1\""], body: bytes("hello"))

        let output = HTTP1Serializer.serialize(response, keepAlive: true, headRequest: true)

        XCTAssertEqual(text(output), "HTTP/1.1 200 OK\r\nETag: \"1\"\r\nContent-Length: 5\r\n\r\n")
    }

    func test_serializer_omitsLengthAndBody_whenStatusIs204Or304Or1xx() {
        let noContent = FakeResponse(status: 204, body: bytes("ignored"))
        XCTAssertEqual(
            text(HTTP1Serializer.serialize(noContent, keepAlive: true, headRequest: false)),
            "HTTP/1.1 204 No Content\r\n\r\n")
        XCTAssertEqual(
            text(HTTP1Serializer.serialize(FakeResponse(status: 304), keepAlive: false, headRequest: false)),
            "HTTP/1.1 304 Status 304\r\nConnection: close\r\n\r\n")
        XCTAssertEqual(
            text(HTTP1Serializer.serialize(FakeResponse(status: 100), keepAlive: true, headRequest: false)),
            text(HTTP1Serializer.continueResponse))
    }

    func test_serializer_ownsFramingHeaders_whenResponseAlreadyHasThem() {
        let response = FakeResponse(
            status: 201,
            headers: ["content-length": "999", "X-A": "1", "CONNECTION": "keep-alive", "Transfer-Encoding": "chunked"],
            body: bytes("ab"))

        let output = HTTP1Serializer.serialize(response, keepAlive: false, headRequest: false)

        XCTAssertEqual(
            text(output), "HTTP/1.1 201 Created\r\nX-A: 1\r\nContent-Length: 2\r\nConnection: close\r\n\r\nab")
    }

    func test_serializer_addsKeepAlive_whenHTTP10ClientKeepsAlive() {
        let response = FakeResponse(status: 200)

        let kept = HTTP1Serializer.serialize(response, keepAlive: true, headRequest: false, requestVersion: .http10)
        let closed = HTTP1Serializer.serialize(response, keepAlive: false, headRequest: false, requestVersion: .http10)

        XCTAssertEqual(text(kept), "HTTP/1.1 200 OK\r\nContent-Length: 0\r\nConnection: keep-alive\r\n\r\n")
        XCTAssertEqual(text(closed), "HTTP/1.1 200 OK\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
    }

    func test_serializer_appendsToBuffer_whenSerializingInto() {
        var buffer = bytes("HTTP/1.1 204 No Content\r\n\r\n")

        HTTP1Serializer.serialize(
            FakeResponse(status: 200, body: bytes("k")), keepAlive: true, headRequest: false, into: &buffer)

        XCTAssertEqual(text(buffer), "HTTP/1.1 204 No Content\r\n\r\nHTTP/1.1 200 OK\r\nContent-Length: 1\r\n\r\nk")
    }

    func test_serializer_replacesControlBytes_whenHeaderValueCouldInjectALine() {
        let response = FakeResponse(status: 200, headers: ["X-Echo": "a\r\nSet-Cookie: x"])

        let output = HTTP1Serializer.serialize(response, keepAlive: true, headRequest: false)

        XCTAssertEqual(text(output), "HTTP/1.1 200 OK\r\nX-Echo: a  Set-Cookie: x\r\nContent-Length: 0\r\n\r\n")
    }

    func test_serializer_writesStatusDigits_whenStatusIsUnusual() {
        let output = HTTP1Serializer.serialize(FakeResponse(status: 599), keepAlive: true, headRequest: false)

        XCTAssertEqual(text(output), "HTTP/1.1 599 Status 599\r\nContent-Length: 0\r\n\r\n")
    }

    func test_serializer_writesLengthAndWholeBody_whenBodyIsLarge() {
        let body = (0..<100_000).map { UInt8(truncatingIfNeeded: $0) }
        let output = HTTP1Serializer.serialize(
            FakeResponse(status: 200, body: body), keepAlive: true, headRequest: false)

        XCTAssertEqual(text(Array(output.prefix(43))), "HTTP/1.1 200 OK\r\nContent-Length: 100000\r\n\r\n")
        XCTAssertEqual(Array(output.suffix(body.count)), body)
    }

    func test_parseError_answersWithItsStatusAndReason_whenSerialized() {
        let error = HTTP1ParseError(status: 431, reason: "request head exceeds 10 bytes")

        let output = HTTP1Serializer.serialize(error.response, keepAlive: false, headRequest: false)

        XCTAssertEqual(
            text(output),
            "HTTP/1.1 431 Request Header Fields Too Large\r\nContent-Type: application/json; charset=utf-8\r\n"
                + "Cache-Control: no-store\r\nContent-Length: 54\r\nConnection: close\r\n\r\n"
                + #"{"error":"request head exceeds 10 bytes","status":431}"#)
    }
}

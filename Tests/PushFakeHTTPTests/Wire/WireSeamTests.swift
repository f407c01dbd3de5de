import PushFakeCore
import PushFakeHTTP
import PushFakeHTTP1
import XCTest

/// The seam between the codec and the engine: requests in, responses out.
final class WireSeamTests: XCTestCase {
    private func text(_ output: [UInt8]) -> String {
        String(decoding: output, as: UTF8.self)
    }

    func test_rejection_answersWithJSONStatusAndReason_whenSerialized() {
        let error = HTTP1ParseError(status: 431, reason: "request head exceeds 10 bytes")

        let output = FakeResponse.rejection(status: error.status, reason: error.reason).serialized(keepAlive: false)

        XCTAssertEqual(
            text(output),
            "HTTP/1.1 431 Request Header Fields Too Large\r\nContent-Type: application/json; charset=utf-8\r\n"
                + "Cache-Control: no-store\r\nContent-Length: 54\r\nConnection: close\r\n\r\n"
                + #"{"error":"request head exceeds 10 bytes","status":431}"#)
    }

    func test_fakeResponse_serializesLikeTheCodec_whenHeadersAndBodyAreTheSame() {
        let response = FakeResponse(status: 201, headers: ["X-A": "1", "Content-Length": "9"], body: Array("ab".utf8))
        let head = HTTP1ResponseHead(status: 201, headers: ["X-A": "1", "Content-Length": "9"])

        for (keepAlive, isHead, version) in [
            (true, false, HTTP1Version.http11), (false, true, .http11), (true, false, .http10),
        ] {
            XCTAssertEqual(
                response.serialized(keepAlive: keepAlive, headRequest: isHead, requestVersion: version),
                HTTP1Serializer.serialize(
                    head, body: response.body, keepAlive: keepAlive, headRequest: isHead, requestVersion: version))
        }
    }

    func test_fakeRequest_carriesEveryPart_whenMadeFromAParsedRequest() {
        let parsed = HTTP1Request(
            method: "POST", target: "/TPNS/api/device/register?x=1", headers: ["Host": "h", "X-B": "2"],
            body: Array("{}".utf8))

        let request = FakeRequest(parsed)

        XCTAssertEqual(request.method, "POST")
        XCTAssertEqual(request.path, "/TPNS/api/device/register")
        XCTAssertEqual(request.query, "x=1")
        XCTAssertEqual(request.headers, ["Host": "h", "X-B": "2"])
        XCTAssertEqual(request.body, Array("{}".utf8))
        XCTAssertEqual(request.transport, .http)
    }
}

import PushFakeCore
import PushFakeHTTP
import XCTest

/// An HTTP/1.0 request with `Transfer-Encoding: chunked` and `Connection: keep-alive`: HTTP/1.0 has no transfer
/// codings, so its framing is faulty (RFC 9112 §6.1). It is answered, then the connection closes; bytes pipelined
/// after it are never read as a request (they could be a smuggled one).
final class HostileHTTP10ChunkedTests: HostileTestCase {
    func test_http10WithTransferEncoding_isAnsweredThenClosed_andThePipelinedRequestIsNotAnswered() throws {
        let body = ServerTestCase.registerBody
        let request =
            "POST /TPNS/api/device/register HTTP/1.0\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n"
            + "Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n"
            + String(body.utf8.count, radix: 16) + "\r\n\(body)\r\n0\r\n\r\n"
        let smuggled = "GET /__pushfake/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"

        let answer = try answer(to: request + smuggled)

        XCTAssertEqual(answer.status, 200, answer.text)
        XCTAssertTrue(answer.text.contains("\r\nConnection: close\r\n"), answer.text)
        XCTAssertEqual(answer.text.components(separatedBy: "HTTP/1.1 ").count - 1, 1, answer.text)
        XCTAssertFalse(answer.text.contains(#""status":"ok""#), answer.text)
        XCTAssertTrue(answer.closedByServer)
        XCTAssertEqual(fake.journal.entries.filter { $0.request.path == "/TPNS/api/device/register" }.count, 3)
    }
}

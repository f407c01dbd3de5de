import PushFakeHTTP1
import XCTest

final class HTTP1ParserContinueTests: XCTestCase {
    private let head = "PUT /big HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\nContent-Length: 4\r\n\r\n"

    func test_parser_emitsContinueOnce_whenHeadIsCompleteAndBodyIsMissing() {
        var parser = HTTP1Parser()
        parser.append(bytes(head))

        XCTAssertEqual(parser.next(), .continueExpected)
        XCTAssertEqual(parser.next(), .needMoreData)
        parser.append(bytes("ab"))
        XCTAssertEqual(parser.next(), .needMoreData, "continue must not be emitted a second time")
        parser.append(bytes("cd"))
        guard case .request(let request) = parser.next() else { return XCTFail("expected the request") }
        XCTAssertTrue(request.expectsContinue)
        XCTAssertEqual(request.body, bytes("abcd"))
        XCTAssertEqual(parser.next(), .needMoreData)
    }

    func test_parser_skipsContinue_whenBodyArrivedWithHead() {
        XCTAssertEqual(events(head + "abcd").count, 1)
        XCTAssertEqual(parseOne(head + "abcd")?.expectsContinue, true)
    }

    func test_parser_skipsContinue_whenRequestHasNoBody() {
        let request = parseOne("GET / HTTP/1.1\r\nHost: x\r\nExpect: 100-Continue\r\n\r\n")
        XCTAssertEqual(request?.expectsContinue, true)
        XCTAssertNotNil(parseOne("POST / HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\nContent-Length: 0\r\n\r\n"))
    }

    func test_parser_emitsContinue_whenChunkedBodyIsIncomplete() {
        var parser = HTTP1Parser()
        parser.append(
            bytes("POST / HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nab"))

        XCTAssertEqual(parser.next(), .continueExpected)
        XCTAssertEqual(parser.next(), .needMoreData)
        parser.append(bytes("\r\n0\r\n\r\n"))
        guard case .request(let request) = parser.next() else { return XCTFail("expected the request") }
        XCTAssertEqual(request.body, bytes("ab"))
    }

    func test_parser_emitsContinuePerRequest_whenTwoRequestsExpectIt() {
        var parser = HTTP1Parser()
        parser.append(bytes(head))
        XCTAssertEqual(parser.next(), .continueExpected)
        parser.append(bytes("abcd" + head))

        guard case .request = parser.next() else { return XCTFail("expected the first request") }
        XCTAssertEqual(parser.next(), .continueExpected)
        XCTAssertEqual(parser.next(), .needMoreData)
    }

    func test_parser_ignoresExpectation_whenRequestIsHTTP10OrValueIsOther() {
        var parser = HTTP1Parser()
        parser.append(bytes("PUT / HTTP/1.0\r\nExpect: 100-continue\r\nContent-Length: 4\r\n\r\n"))
        XCTAssertEqual(parser.next(), .needMoreData)

        XCTAssertEqual(parseOne("GET / HTTP/1.1\r\nHost: x\r\nExpect: 200-ok\r\n\r\n")?.expectsContinue, false)
        XCTAssertEqual(parseOne("GET / HTTP/1.1\r\nHost: x\r\n\r\n")?.expectsContinue, false)
    }
}

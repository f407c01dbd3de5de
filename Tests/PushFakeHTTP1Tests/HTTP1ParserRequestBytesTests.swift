import PushFakeHTTP1
import XCTest

/// The parser keeps the first bytes of a request that fails or is still arriving, for the server's journal.
final class HTTP1ParserRequestBytesTests: XCTestCase {
    func test_requestBytes_areTheRejectedRequest_whenItIsMalformed() {
        var parser = HTTP1Parser()
        parser.append(bytes("THIS IS NOT HTTP\r\n\r\n"))

        guard case .error = parser.next() else { return XCTFail("expected an error") }

        XCTAssertEqual(parser.requestBytes, bytes("THIS IS NOT HTTP\r\n\r\n"))
    }

    func test_requestBytes_leaveOutAnsweredRequestsAndEmptyLines_whenALaterOneFails() {
        var parser = HTTP1Parser()
        parser.append(bytes("GET /a HTTP/1.1\r\nHost: x\r\n\r\n\r\n\r\nGET /b HTTP/9.9\r\n\r\n"))

        guard case .request = parser.next(), case .error(let error) = parser.next() else {
            return XCTFail("expected a request, then an error")
        }

        XCTAssertEqual(error.status, 505)
        XCTAssertEqual(parser.requestBytes, bytes("GET /b HTTP/9.9\r\n\r\n"))
    }

    func test_requestBytes_holdTheUnfinishedRequest_whileItArrives() {
        var parser = HTTP1Parser()
        parser.append(
            bytes("GET /a HTTP/1.1\r\nHost: x\r\n\r\nPOST /b HTTP/1.1\r\nHost: x\r\nContent-Length: 9\r\n\r\nabc"))

        guard case .request = parser.next() else { return XCTFail("expected the first request") }
        XCTAssertEqual(parser.next(), .needMoreData)

        XCTAssertEqual(parser.requestBytes, bytes("POST /b HTTP/1.1\r\nHost: x\r\nContent-Length: 9\r\n\r\nabc"))
        parser.append(bytes("defghi"))
        guard case .request = parser.next() else { return XCTFail("expected the second request") }
        XCTAssertEqual(parser.requestBytes, [], "nothing between requests")
    }

    func test_requestBytes_stopAtTheSampleLimit_whenTheRequestIsLonger() {
        var parser = HTTP1Parser(limits: HTTP1Parser.Limits(maxHeadBytes: 100, maxSampleBytes: 10))
        parser.append(bytes("GET /" + String(repeating: "a", count: 200)))

        guard case .error(let error) = parser.next() else { return XCTFail("expected 431") }

        XCTAssertEqual(error.status, 431)
        XCTAssertEqual(parser.requestBytes, bytes("GET /aaaaa"))
    }

    func test_requestBytes_keepTheHead_whenAChunkedBodyStreamsThroughAndThenFails() {
        var parser = HTTP1Parser()
        let head = "POST /up HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n"
        parser.append(bytes(head + "1000\r\n" + String(repeating: "x", count: 4096) + "\r\n"))
        XCTAssertEqual(parser.next(), .needMoreData)
        // Everything buffered was consumed into the body, so the parser drops its buffer on the next append.
        parser.append(bytes("zz\r\n"))

        guard case .error = parser.next() else { return XCTFail("expected an invalid chunk size") }

        XCTAssertEqual(parser.requestBytes.count, 4096)
        XCTAssertTrue(parser.requestBytes.starts(with: bytes(head + "1000\r\nxxx")))
    }

    func test_requestBytes_areTheSame_whateverTheSplit() {
        let input = bytes("GET /a HTTP/1.1\r\nHost: x\r\n\r\nPOST /b HTTP/1.1\r\nHost: x\r\nContent-Length: x\r\n\r\n")
        for cut in 0...input.count {
            var parser = HTTP1Parser()
            parser.append(Array(input[..<cut]))
            while case .request = parser.next() {}
            parser.append(Array(input[cut...]))
            while case .request = parser.next() {}
            XCTAssertEqual(
                parser.requestBytes, bytes("POST /b HTTP/1.1\r\nHost: x\r\nContent-Length: x\r\n\r\n"), "cut at \(cut)")
        }
    }
}

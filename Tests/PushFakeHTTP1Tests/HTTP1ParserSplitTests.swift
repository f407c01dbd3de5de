import PushFakeHTTP1
import XCTest

final class HTTP1ParserSplitTests: XCTestCase {
    /// Inputs covering every parser state: head, Content-Length body, chunks with extensions and trailers,
    /// bare LFs, leading empty lines, 100-continue, pipelined pairs, and errors found mid-stream.
    private let inputs: [String] = [
        "GET /health HTTP/1.1\r\nHost: localhost\r\n\r\n",
        "POST /TPNS/api/device/register HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 17\r\n\r\n"
            + #"{"deviceId":"ab"}"#,
        "POST /c HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n4;x=y\r\nWiki\r\n5\r\npedia\r\n0;z\r\nT: v\r\n\r\n",
        "\r\n\nPUT /e HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\nContent-Length: 3\r\n\r\nxyz",
        "GET /a HTTP/1.0\nConnection: keep-alive\n\nGET /b HTTP/1.1\r\nHost: x\r\n\r\n",
        "POST /1 HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\n\r\nhiPOST /2 HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n1\r\n!\r\n0\r\n\r\n",
        "GET /ok HTTP/1.1\r\nHost: x\r\n\r\nGET /bad HTTP/1.1\r\nHost: x\r\nBad Header: x\r\n\r\n",
        "POST /x HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nabc\r\n",
        "GET / HTTP/2.0\r\n\r\n",
    ]

    func test_parser_returnsThreeRequestsInOrder_whenPipelinedInOneAppend() {
        let input =
            "GET /1 HTTP/1.1\r\nHost: x\r\n\r\nPOST /2 HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\n\r\nabcDELETE /3 HTTP/1.1\r\nHost: x\r\n\r\n"
        var parser = HTTP1Parser()
        parser.append(bytes(input))

        XCTAssertEqual(parser.next(), .request(HTTP1Request(method: "GET", target: "/1", headers: ["Host": "x"])))
        XCTAssertEqual(
            parser.next(),
            .request(
                HTTP1Request(
                    method: "POST", target: "/2", headers: ["Host": "x", "Content-Length": "3"], body: bytes("abc"))))
        XCTAssertEqual(parser.next(), .request(HTTP1Request(method: "DELETE", target: "/3", headers: ["Host": "x"])))
        XCTAssertEqual(parser.next(), .needMoreData)
        XCTAssertEqual(parser.bufferedByteCount, 0)
    }

    func test_parser_keepsLeftoverBytes_whenNextRequestIsPartial() {
        var parser = HTTP1Parser()
        parser.append(bytes("GET /1 HTTP/1.1\r\nHost: x\r\n\r\nPOST /2 HTTP/1.1\r\nHost: x\r\nContent-Le"))

        XCTAssertEqual(parser.next(), .request(HTTP1Request(method: "GET", target: "/1", headers: ["Host": "x"])))
        XCTAssertEqual(parser.next(), .needMoreData)
        XCTAssertEqual(parser.bufferedByteCount, 37)
        parser.append(bytes("ngth: 1\r\n\r\n!"))
        XCTAssertEqual(
            parser.next(),
            .request(
                HTTP1Request(
                    method: "POST", target: "/2", headers: ["Host": "x", "Content-Length": "1"], body: bytes("!"))))
    }

    func test_parser_returnsSameEvents_whenInputIsSplitAtEveryOffset() {
        for input in inputs {
            let whole = bytes(input)
            let expected = withoutContinue(events(feeding: [whole]))
            XCTAssertFalse(expected.isEmpty, input)
            for split in 0...whole.count {
                let parts = [Array(whole[..<split]), Array(whole[split...])]
                XCTAssertEqual(withoutContinue(events(feeding: parts)), expected, "split at \(split) of \(input)")
            }
        }
    }

    func test_parser_returnsSameEvents_whenInputIsSplitAtEveryPairOfOffsets() {
        for input in inputs.prefix(4) {
            let whole = bytes(input)
            let expected = withoutContinue(events(feeding: [whole]))
            for first in 0...whole.count {
                for second in first...whole.count {
                    let parts = [Array(whole[..<first]), Array(whole[first..<second]), Array(whole[second...])]
                    XCTAssertEqual(withoutContinue(events(feeding: parts)), expected, "\(first)/\(second)")
                }
            }
        }
    }

    func test_parser_returnsSameEvents_whenInputArrivesOneByteAtATime() {
        for input in inputs {
            let whole = bytes(input)
            let expected = withoutContinue(events(feeding: [whole]))

            XCTAssertEqual(withoutContinue(events(feeding: whole.map { [$0] })), expected, input)
        }
    }

    func test_parser_emitsContinueExactlyOnce_whenExpectingRequestArrivesByteByByte() {
        let input = bytes("PUT /e HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\nContent-Length: 3\r\n\r\nxyz")

        let result = events(feeding: input.map { [$0] })

        XCTAssertEqual(result.filter { $0 == .continueExpected }.count, 1)
        XCTAssertEqual(
            result.last,
            .request(
                HTTP1Request(
                    method: "PUT", target: "/e",
                    headers: ["Host": "x", "Expect": "100-continue", "Content-Length": "3"],
                    body: bytes("xyz"), expectsContinue: true)))
    }

    func test_parser_failsSameWay_whenOversizedHeadIsSplit() {
        let limits = HTTP1Parser.Limits(maxHeadBytes: 40)
        let whole = bytes("GET / HTTP/1.1\r\nHost: x\r\nX: " + String(repeating: "a", count: 30) + "\r\n\r\n")
        let expected = events(feeding: [whole], limits: limits)
        XCTAssertEqual(expected.first.map { if case .error(let error) = $0 { error.status } else { 0 } }, 431)

        for split in 0...whole.count {
            let parts = [Array(whole[..<split]), Array(whole[split...])]
            XCTAssertEqual(events(feeding: parts, limits: limits), expected, "split at \(split)")
        }
    }
}

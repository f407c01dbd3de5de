import PushFakeHTTP1
import XCTest

final class HTTP1ParserHeaderTests: XCTestCase {
    func test_parser_keepsHeaderNamesAndWireOrder_whenParsing() {
        let request = parseOne("GET / HTTP/1.1\r\nHOST: a\r\nx-Trace: 1\r\nx-trace: 2\r\nAccept: */*\r\n\r\n")

        XCTAssertEqual(
            request?.headers.fields,
            [
                HTTPHeaders.Field(name: "HOST", value: "a"), HTTPHeaders.Field(name: "x-Trace", value: "1"),
                HTTPHeaders.Field(name: "x-trace", value: "2"), HTTPHeaders.Field(name: "Accept", value: "*/*"),
            ])
    }

    func test_parser_looksUpHeadersCaseInsensitively_whenNamesDifferInCase() {
        let request = parseOne("GET / HTTP/1.1\r\nHost: x\r\nContent-TYPE: application/json\r\n\r\n")

        XCTAssertEqual(request?.headers["content-type"], "application/json")
        XCTAssertEqual(request?.headers["CONTENT-TYPE"], "application/json")
    }

    func test_parser_trimsValueWhitespace_whenValueHasSurroundingSpacesOrTabs() {
        let request = parseOne("GET / HTTP/1.1\r\nHost: x\r\nA:   x  y \t\r\nB:\tz\r\nC:\r\nD: \r\n\r\n")

        XCTAssertEqual(request?.headers["A"], "x  y")
        XCTAssertEqual(request?.headers["B"], "z")
        XCTAssertEqual(request?.headers["C"], "")
        XCTAssertEqual(request?.headers["D"], "")
    }

    func test_parser_keepsNonASCIIValue_whenValueIsUTF8() {
        XCTAssertEqual(parseOne("GET / HTTP/1.1\r\nHost: x\r\nX-Name: Zo\u{E9}\r\n\r\n")?.headers["x-name"], "Zo\u{E9}")
    }

    func test_parser_recognizesFramingHeaders_whenNamesUseAnyCase() {
        let request = parseOne("POST / HTTP/1.1\r\nHost: x\r\ncOnTeNt-LeNgTh: 3\r\nCONNECTION: CLOSE\r\n\r\nabc")

        XCTAssertEqual(request?.body, bytes("abc"))
        XCTAssertEqual(request?.keepAlive, false)
    }

    func test_parser_fails400_whenWhitespacePrecedesColon() {
        assertParseError("GET / HTTP/1.1\r\nHost: x\r\nHost : a\r\n\r\n", status: 400)
        assertParseError("GET / HTTP/1.1\r\nHost: x\r\nHost\t: a\r\n\r\n", status: 400)
    }

    func test_parser_fails400_whenHeaderLineIsMalformed() {
        for line in ["NoColon", ": empty-name", "Na(me: x", "Na me: x", "\u{7F}: x"] {
            let reason = assertParseError("GET / HTTP/1.1\r\nHost: x\r\n\(line)\r\n\r\n", status: 400)
            XCTAssertEqual(reason, "invalid header line", line)
        }
    }

    func test_parser_fails400_whenHeaderUsesObsoleteLineFolding() {
        let reason = assertParseError("GET / HTTP/1.1\r\nHost: x\r\nX-A: a\r\n  continued\r\n\r\n", status: 400)
        XCTAssertEqual(reason, "obsolete line folding")
        assertParseError("GET / HTTP/1.1\r\nHost: x\r\n\tX-A: a\r\n\r\n", status: 400)
    }

    func test_parser_fails400_whenHeaderValueHasControlBytes() {
        for value in ["a\u{00}b", "a\rb", "a\u{1B}b", "a\u{7F}"] {
            assertParseError("GET / HTTP/1.1\r\nHost: x\r\nX: \(value)\r\n\r\n", status: 400)
        }
    }

    func test_parser_fails431_whenHeadExceedsLimitBeforeBlankLineArrives() {
        var parser = HTTP1Parser(limits: HTTP1Parser.Limits(maxHeadBytes: 100))
        parser.append(bytes("GET / HTTP/1.1\r\nHost: x\r\nX: " + String(repeating: "a", count: 70)))
        XCTAssertEqual(parser.next(), .needMoreData)

        parser.append(bytes(String(repeating: "a", count: 10)))

        guard case .error(let error) = parser.next() else { return XCTFail("expected 431") }
        XCTAssertEqual(error.status, 431)
    }

    func test_parser_fails431_whenCompleteHeadExceedsLimitByOneByte() {
        let head = "GET / HTTP/1.1\r\nHost: x\r\nX: " + String(repeating: "a", count: 60) + "\r\n\r\n"
        let limit = head.utf8.count

        let atLimit = events(head, limits: HTTP1Parser.Limits(maxHeadBytes: limit))
        guard case .request? = atLimit.first else { return XCTFail("a head of exactly the limit must pass") }
        assertParseError(head, status: 431, limits: HTTP1Parser.Limits(maxHeadBytes: limit - 1))
    }

    func test_parser_fails431_whenManyHeadersExceedDefaultLimit() {
        let line = "X-Filler: " + String(repeating: "b", count: 90) + "\r\n"
        assertParseError("GET / HTTP/1.1\r\nHost: x\r\n" + String(repeating: line, count: 700) + "\r\n", status: 431)
    }
}

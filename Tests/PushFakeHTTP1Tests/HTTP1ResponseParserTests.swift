import PushFakeHTTP1
import XCTest

/// The client side of the codec: responses from bytes in any pieces.
final class HTTP1ResponseParserTests: XCTestCase {
    /// Everything `text` yields, fed in pieces of `piece` bytes, then (with `close`) the end of the input; body
    /// pieces joined into one `body` event per body, as a caller reading until `end` would see them.
    private func events(
        _ text: String, piece: Int = .max, close: Bool = false, headRequest: Bool = false
    ) throws -> [String] {
        var parser = HTTP1ResponseParser()
        var out: [String] = []
        var body: [UInt8]?
        let bytes = Array(text.utf8)
        var index = 0
        func drain() throws {
            // After the close, a parser between responses would only report that no further response came.
            while !(parser.isClosed && parser.isAtResponseBoundary) {
                switch try parser.next(headRequest: headRequest) {
                case .needMoreData: return
                case .head(let head):
                    let fields = head.headers.fields.map { "\($0.name)=\($0.value)" }.joined(separator: ",")
                    out.append("head \(head.status) \(head.reason ?? "-") [\(fields)]")
                case .body(let piece): body = (body ?? []) + piece
                case .end:
                    if let bytes = body { out.append("body \(String(decoding: bytes, as: UTF8.self))") }
                    body = nil
                    out.append("end")
                }
            }
        }
        while index < bytes.count {
            let end = index + min(piece, bytes.count - index)
            parser.append(bytes[index..<end])
            index = end
            try drain()
        }
        if close {
            parser.inputEnded()
            try drain()
        }
        return out
    }

    private let sized = "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 5\r\n\r\nhello"

    func test_contentLength_readsTheBody_whateverThePieces() throws {
        for piece in [1, 2, 7, 1_000] {
            XCTAssertEqual(
                try events(sized, piece: piece),
                ["head 200 OK [Content-Type=text/plain,Content-Length=5]", "body hello", "end"], "\(piece)")
        }
    }

    func test_chunked_undoesTheFraming_withExtensionsAndTrailers_inAnyPieces() throws {
        let text =
            "HTTP/1.1 200 OK\r\nTransfer-Encoding: gzip, chunked\r\n\r\n5;ext=1\r\nhello\r\n6\r\n world\r\n0\r\nT: x\r\n\r\n"
        for piece in [1, 3, 1_000] {
            XCTAssertEqual(
                try events(text, piece: piece),
                ["head 200 OK [Transfer-Encoding=gzip, chunked]", "body hello world", "end"], "\(piece)")
        }
    }

    func test_chunkBoundary_isVisible_afterEachChunksData() throws {
        var parser = HTTP1ResponseParser()
        parser.append(Array("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n2\r\nde".utf8))
        guard case .head = try parser.next() else { return XCTFail("a head first") }
        XCTAssertEqual(try parser.next(), .body(Array("abc".utf8)))
        XCTAssertTrue(parser.isAtChunkBoundary)
        XCTAssertEqual(try parser.next(), .body(Array("de".utf8)))
        XCTAssertTrue(parser.isAtChunkBoundary)
        XCTAssertEqual(try parser.next(), .needMoreData)
    }

    func test_closeDelimitedBody_endsWithTheInput_whenNoLengthIsGiven() throws {
        let text = "HTTP/1.0 200 OK\r\nConnection: close\r\n\r\nuntil the end"
        XCTAssertEqual(try events(text, piece: 4), ["head 200 OK [Connection=close]"], "no end before the close")
        XCTAssertEqual(
            try events(text, piece: 4, close: true),
            ["head 200 OK [Connection=close]", "body until the end", "end"])
        XCTAssertEqual(
            try events("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked, gzip\r\n\r\nzz", close: true),
            ["head 200 OK [Transfer-Encoding=chunked, gzip]", "body zz", "end"], "chunked not last: up to the close")
    }

    func test_interimAndBodylessAnswers_haveNoBody_andTheNextResponseFollows() throws {
        let text =
            "HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 204 No Content\r\nContent-Length: 9\r\n\r\n"
            + "HTTP/1.1 304 Not Modified\r\n\r\n" + sized
        XCTAssertEqual(
            try events(text, piece: 3),
            [
                "head 100 Continue []", "head 204 No Content [Content-Length=9]", "end", "head 304 Not Modified []",
                "end", "head 200 OK [Content-Type=text/plain,Content-Length=5]", "body hello", "end",
            ])
    }

    func test_headRequest_readsNoBody_whateverTheFieldsSay() throws {
        XCTAssertEqual(
            try events("HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\n", headRequest: true),
            ["head 200 OK [Content-Length=5]", "end"])
    }

    func test_statusLine_acceptsAnEmptyReason_andKeepsAnyReason() throws {
        XCTAssertEqual(
            try events(
                "HTTP/1.1 599\r\nContent-Length: 0\r\n\r\nHTTP/1.1 200 Fine  Thanks\r\nContent-Length: 0\r\n\r\n"),
            ["head 599  [Content-Length=0]", "end", "head 200 Fine  Thanks [Content-Length=0]", "end"])
    }

    func test_badInput_throwsAMalformedFailure_namingTheProblem() {
        let cases: [(String, String)] = [
            ("HTTP/2 200 OK\r\n\r\n", "is not an HTTP/1.x status line"),
            ("HTTP/1.1 2000 OK\r\n\r\n", "is not an HTTP/1.x status line"),
            ("HTTP/1.1 099 Low\r\n\r\n", "is not a status code"),
            ("ICY 200 OK\r\n\r\n", "is not an HTTP/1.x status line"),
            ("HTTP/1.1 200 OK\r\nNo colon here\r\n\r\n", "is not a header field"),
            ("HTTP/1.1 200 OK\r\nBad Name: x\r\n\r\n", "is not a header field"),
            ("HTTP/1.1 200 OK\r\n folded: x\r\n\r\n", "is not a header field"),
            ("HTTP/1.1 200 OK\r\nX: a\u{1}b\r\n\r\n", "control byte"),
            ("HTTP/1.1 200 OK\r\nContent-Length: -1\r\n\r\n", "is not one length"),
            ("HTTP/1.1 200 OK\r\nContent-Length: 5, 6\r\n\r\n", "is not one length"),
            ("HTTP/1.1 200 OK\r\nContent-Length: 99999999999999999999\r\n\r\n", "is not one length"),
            ("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n", "is not a chunk size"),
            ("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n7fffffffffffffffff\r\n", "is not a chunk size"),
            ("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nabXY\r\n", "does not end with CRLF"),
            (
                "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n" + String(repeating: "1", count: 5_000),
                "passed 4096 bytes"
            ),
        ]
        for (text, message) in cases {
            XCTAssertThrowsError(try events(text, piece: 2), text.debugDescription) { error in
                let failure = error as? HTTP1ResponseParser.Failure
                XCTAssertEqual(failure?.kind, .malformed, text.debugDescription)
                XCTAssertTrue(failure?.description.contains(message) == true, "\(text.debugDescription): \(error)")
            }
        }
    }

    func test_cutOffResponses_throwClosedEarly_andAHugeHeadThrowsTooLarge() throws {
        var empty = HTTP1ResponseParser()
        empty.inputEnded()
        XCTAssertThrowsError(try empty.next(), "closed before any response") { error in
            XCTAssertEqual((error as? HTTP1ResponseParser.Failure)?.kind, .closedEarly)
        }
        for text in [
            "HTTP/1.1 200 OK\r\n", String(sized.dropLast(2)),
            "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nab",
        ] {
            XCTAssertThrowsError(try events(text, close: true), text.debugDescription) { error in
                XCTAssertEqual((error as? HTTP1ResponseParser.Failure)?.kind, .closedEarly, text.debugDescription)
            }
        }
        var parser = HTTP1ResponseParser(maximumHeadBytes: 100)
        parser.append(Array(("HTTP/1.1 200 OK\r\nX: " + String(repeating: "a", count: 100)).utf8))
        XCTAssertThrowsError(try parser.next()) { error in
            XCTAssertEqual((error as? HTTP1ResponseParser.Failure)?.kind, .headTooLarge)
        }
    }
}

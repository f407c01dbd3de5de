import PushFakeCore
import PushFakeHTTP
import XCTest

/// Message framing a smuggler or a broken client would try: each is a 400 (or 501) that closes the connection,
/// journaled as malformed.
final class HostileFramingTests: HostileTestCase {
    private func assertRejected(
        _ request: String, status: Int = 400, file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let answer = try answer(to: request, file: file, line: line)
        XCTAssertEqual(answer.status, status, answer.text, file: file, line: line)
        XCTAssertNotNil(answer.json?["error"]?.stringValue, answer.text, file: file, line: line)
        XCTAssertTrue(answer.closedByServer, file: file, line: line)
        XCTAssertTrue(
            fake.journal.entries.contains { $0.isUnmatched && $0.status == status }, "journaled as malformed",
            file: file,
            line: line)
    }

    private static let head = "POST /TPNS/api/device/register HTTP/1.1\r\nHost: 127.0.0.1\r\n"

    func test_badChunkSizes_answer400() throws {
        try assertRejected(Self.head + "Transfer-Encoding: chunked\r\n\r\nzz\r\nabc\r\n0\r\n\r\n")
        try assertRejected(Self.head + "Transfer-Encoding: chunked\r\n\r\nffffffffffffffffffff\r\nabc\r\n", status: 413)
        try assertRejected(Self.head + "Transfer-Encoding: chunked\r\n\r\n-1\r\nabc\r\n")
    }

    func test_contentLengthAndTransferEncoding_answer400() throws {
        try assertRejected(Self.head + "Content-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n")
    }

    func test_duplicateDifferingContentLength_answers400() throws {
        try assertRejected(Self.head + "Content-Length: 2\r\nContent-Length: 3\r\n\r\n{}}")
    }

    func test_obsFold_answers400() throws {
        try assertRejected(Self.head + "X-Folded: a\r\n  b\r\nContent-Length: 2\r\n\r\n{}")
    }

    func test_nulInPath_answers400() throws {
        try assertRejected("GET /__pushfake/\u{00}health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
    }
}

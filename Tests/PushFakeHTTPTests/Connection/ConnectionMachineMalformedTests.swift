import PushFakeCore
import PushFakeHTTP1
import XCTest

@testable import PushFakeHTTP

/// Input the parser rejects: the responder journals it and supplies the JSON answer; the connection closes.
final class ConnectionMachineMalformedTests: XCTestCase {
    private func reject(
        _ input: String, limits: HTTP1Parser.Limits = HTTP1Parser.Limits(), file: StaticString = #filePath,
        line: UInt = #line
    ) -> (status: Int?, bytes: [UInt8]?, output: String, closed: Bool) {
        var harness = MachineHarness(limits: limits)
        harness.feed(input)
        let output = harness.written()
        guard case .malformed(let error)? = harness.responder.rejections.first?.rejection else {
            XCTFail("no rejection for \(input.debugDescription)", file: file, line: line)
            return (nil, nil, output, harness.isClosed)
        }
        return (error.status, harness.responder.rejections.first?.bytes, output, harness.isClosed)
    }

    func test_garbage_answers400WithJSONAndTheBytesForTheJournal_thenCloses() {
        let result = reject("THIS IS NOT HTTP\r\n\r\n")

        XCTAssertEqual(result.status, 400)
        XCTAssertEqual(result.bytes, Array("THIS IS NOT HTTP\r\n\r\n".utf8))
        XCTAssertTrue(result.output.hasPrefix("HTTP/1.1 400 Bad Request\r\nContent-Type: application/json"))
        XCTAssertTrue(result.output.contains("Connection: close\r\n"))
        XCTAssertTrue(result.output.hasSuffix(#","status":400}"#), result.output)
        XCTAssertTrue(result.closed)
    }

    func test_eachParseError_answersItsStatus() {
        XCTAssertEqual(reject("GET / HTTP/2.0\r\n\r\n").status, 505)
        XCTAssertEqual(reject("POST / HTTP/1.1\r\nTransfer-Encoding: gzip\r\n\r\n").status, 501)
        XCTAssertEqual(
            reject("POST / HTTP/1.1\r\nContent-Length: 99\r\n\r\n", limits: .init(maxBodyBytes: 10)).status, 413)
        XCTAssertEqual(
            reject("GET /" + String(repeating: "a", count: 200), limits: .init(maxHeadBytes: 100)).status, 431)
    }

    func test_rejection_comesAfterEarlierPipelinedAnswers_andKeepsOnlyTheBadRequest() {
        var harness = MachineHarness()

        harness.feed(get("/ok") + "BAD\r\n\r\n")

        XCTAssertTrue(harness.written().hasPrefix(echo("/ok") + "HTTP/1.1 400 "))
        XCTAssertEqual(harness.responder.rejections.first?.bytes, Array("BAD\r\n\r\n".utf8))
        XCTAssertTrue(harness.isClosed)
    }

    func test_bytesAfterARejection_areIgnored() {
        var harness = MachineHarness()
        harness.feed("BAD\r\n\r\n")

        harness.feed(get("/later"))

        XCTAssertEqual(harness.responder.targets, [])
        XCTAssertEqual(harness.responder.rejections.count, 1)
        XCTAssertFalse(harness.machine.wantsToRead)
    }
}

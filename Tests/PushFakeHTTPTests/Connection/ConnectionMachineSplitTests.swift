import PushFakeCore
import PushFakeHTTP1
import XCTest

@testable import PushFakeHTTP

/// Whatever way the bytes are cut across reads, the machine answers the same requests with the same bytes.
final class ConnectionMachineSplitTests: XCTestCase {
    private let stream =
        get("/a") + post("/b", "hello")
        + "POST /c HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n2;x=1\r\nde\r\n0\r\nT: v\r\n\r\n"
        + "HEAD /d HTTP/1.1\r\nHost: x\r\n\r\n" + get("/e", "Connection: close\r\n")

    private func run(_ pieces: [[UInt8]]) -> (output: String, targets: [String], bodies: [[UInt8]], closed: Bool) {
        var harness = MachineHarness()
        var output = ""
        for piece in pieces {
            harness.feed(piece)
            output += harness.written()
        }
        return (output, harness.responder.targets, harness.responder.requests.map(\.body), harness.isClosed)
    }

    func test_everyTwoPieceSplit_answersExactlyLikeTheWholeStream() {
        let bytes = Array(stream.utf8)
        let whole = run([bytes])
        XCTAssertEqual(whole.targets, ["/a", "/b", "/c", "/d", "/e"])
        XCTAssertEqual(whole.bodies[2], Array("abcde".utf8))
        XCTAssertTrue(whole.closed)

        for cut in 0...bytes.count {
            let split = run([Array(bytes[..<cut]), Array(bytes[cut...])])
            XCTAssertEqual(split.output, whole.output, "cut at \(cut)")
            XCTAssertEqual(split.targets, whole.targets, "cut at \(cut)")
            XCTAssertEqual(split.bodies, whole.bodies, "cut at \(cut)")
            XCTAssertTrue(split.closed, "cut at \(cut)")
        }
    }

    func test_byteAtATime_answersExactlyLikeTheWholeStream() {
        let bytes = Array(stream.utf8)

        XCTAssertEqual(run(bytes.map { [$0] }).output, run([bytes]).output)
    }

    func test_everyThreePieceSplit_ofAnExpectContinueRequest_answersTheSame() {
        let bytes = Array(
            ("PUT /p HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\nContent-Length: 4\r\n\r\nbody" + get("/q")).utf8)
        let answers = echo("/p") + echo("/q")
        for first in 0...bytes.count {
            for second in first...bytes.count where second % 7 == 0 || second == bytes.count {
                let split = run([Array(bytes[..<first]), Array(bytes[first..<second]), Array(bytes[second...])])
                // 100 Continue goes out only while the body is missing, so it depends on the cut; nothing else does.
                let withoutContinue = split.output.replacingOccurrences(of: "HTTP/1.1 100 Continue\r\n\r\n", with: "")
                XCTAssertEqual(withoutContinue, answers, "cuts at \(first), \(second)")
            }
        }
    }

    func test_malformedBytes_areRejectedAlike_whereverTheyAreCut() {
        let bytes = Array((get("/ok") + "GET /bad HTTP/1.1\r\nHost: x\r\nBad Header: x\r\n\r\n").utf8)
        let whole = run([bytes])
        XCTAssertTrue(whole.output.hasPrefix(echo("/ok") + "HTTP/1.1 400 Bad Request\r\n"))

        for cut in 0...bytes.count {
            XCTAssertEqual(run([Array(bytes[..<cut]), Array(bytes[cut...])]).output, whole.output, "cut at \(cut)")
        }
    }
}

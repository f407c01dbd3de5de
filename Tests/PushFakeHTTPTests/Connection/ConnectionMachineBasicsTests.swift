import PushFakeCore
import PushFakeHTTP1
import XCTest

@testable import PushFakeHTTP

final class ConnectionMachineBasicsTests: XCTestCase {
    func test_request_isAnsweredAndConnectionKept_whenKeepAlive() {
        var harness = MachineHarness()

        harness.feed(get("/a"))

        XCTAssertEqual(harness.written(), echo("/a"))
        XCTAssertFalse(harness.isClosed)
        XCTAssertTrue(harness.machine.wantsToRead)
        XCTAssertEqual(harness.responder.targets, ["/a"])
    }

    func test_pipelinedRequests_areAnsweredInOrderIntoOneBuffer_whenTheyArriveTogether() {
        var harness = MachineHarness()

        harness.feed(get("/a") + post("/b", "xyz") + get("/c"))

        XCTAssertEqual(harness.machine.pendingOutputCount, (echo("/a") + echo("/b") + echo("/c")).utf8.count)
        XCTAssertEqual(harness.written(), echo("/a") + echo("/b") + echo("/c"))
        XCTAssertEqual(harness.responder.requests.map(\.body), [[], Array("xyz".utf8), []])
    }

    func test_connectionClose_closesAfterTheAnswerIsWritten_whenRequested() {
        var harness = MachineHarness()

        harness.feed(get("/a", "Connection: close\r\n") + get("/ignored"))

        XCTAssertFalse(harness.isClosed, "the answer is still to write")
        XCTAssertFalse(harness.machine.wantsToRead)
        XCTAssertEqual(harness.written(), echo("/a", close: true))
        XCTAssertTrue(harness.isClosed)
        XCTAssertEqual(harness.responder.targets, ["/a"])
    }

    func test_http10_closesAfterAnswer_unlessKeepAliveAsked() {
        var closing = MachineHarness()
        closing.feed("GET /a HTTP/1.0\r\n\r\n")
        XCTAssertEqual(closing.written(), echo("/a", close: true))
        XCTAssertTrue(closing.isClosed)

        var kept = MachineHarness()
        kept.feed("GET /a HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
        XCTAssertEqual(kept.written(), "HTTP/1.1 200 OK\r\nContent-Length: 2\r\nConnection: keep-alive\r\n\r\n/a")
        XCTAssertFalse(kept.isClosed)
    }

    func test_head_sendsLengthWithoutBody_andNextRequestFollows() {
        var harness = MachineHarness()

        harness.feed("HEAD /abc HTTP/1.1\r\nHost: x\r\n\r\n" + get("/d"))

        XCTAssertEqual(harness.written(), "HTTP/1.1 200 OK\r\nContent-Length: 4\r\n\r\n" + echo("/d"))
    }

    func test_expectContinue_writes100BeforeTheBody_thenTheAnswer() {
        var harness = MachineHarness()

        harness.feed("POST /up HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\nContent-Length: 2\r\n\r\n")
        XCTAssertEqual(harness.written(), "HTTP/1.1 100 Continue\r\n\r\n")
        harness.feed("ok")

        XCTAssertEqual(harness.written(), echo("/up"))
        XCTAssertEqual(harness.responder.requests.first?.body, Array("ok".utf8))
    }

    func test_output_isKeptUntilWritten_whenTheDriverWritesPartially() {
        var harness = MachineHarness()
        harness.feed(get("/abc"))
        let total = harness.machine.pendingOutputCount

        harness.machine.wrote(5, now: harness.now)

        XCTAssertEqual(harness.machine.pendingOutputCount, total - 5)
        XCTAssertEqual(harness.written(), String(echo("/abc").dropFirst(5)))
        XCTAssertFalse(harness.machine.hasPendingOutput)
    }

    func test_abort_closesAtOnce_whateverIsQueued() {
        var harness = MachineHarness()
        harness.feed(get("/a"))

        harness.machine.abort()

        XCTAssertTrue(harness.isClosed)
        XCTAssertFalse(harness.machine.wantsToRead)
    }
}

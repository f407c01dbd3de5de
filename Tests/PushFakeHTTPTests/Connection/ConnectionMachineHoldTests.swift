import PushFakeCore
import PushFakeHTTP1
import XCTest

@testable import PushFakeHTTP

/// Fault delays and drops: the answer is held until a deadline, and pipelined requests wait behind it.
final class ConnectionMachineHoldTests: XCTestCase {
    func test_pipelinedRequest_waitsBehindADelayedAnswer_untilTheDeadline() {
        var harness = MachineHarness()
        harness.responder.replies["/slow"] = .response(FakeResponse(status: 200, body: Array("late".utf8)), delay: 1)

        harness.feed(get("/slow") + get("/fast"))

        XCTAssertEqual(harness.written(), "")
        XCTAssertEqual(harness.responder.targets, ["/slow"], "the pipelined request is not even parsed yet")
        XCTAssertEqual(harness.machine.deadline, harness.now + MachineHarness.second)
        harness.advance(by: 0.999)
        XCTAssertEqual(harness.written(), "")
        harness.advance(by: 0.001)
        XCTAssertEqual(harness.written(), "HTTP/1.1 200 OK\r\nContent-Length: 4\r\n\r\nlate" + echo("/fast"))
        XCTAssertEqual(harness.responder.targets, ["/slow", "/fast"])
    }

    func test_bytesArrivingDuringADelay_areBufferedAndAnsweredAfterIt() {
        var harness = MachineHarness()
        harness.responder.replies["/slow"] = .response(FakeResponse(status: 204), delay: 0.5)
        harness.feed(get("/slow"))

        harness.feed(get("/next"))
        harness.feed("GET /partial HTTP/1.1\r\n")

        XCTAssertNil(harness.machine.requestStarted, "no request timer runs while an answer is held")
        harness.advance(by: 0.5)
        XCTAssertEqual(harness.written(), "HTTP/1.1 204 No Content\r\n\r\n" + echo("/next"))
        XCTAssertEqual(harness.machine.requestStarted, harness.now, "the request timer starts once it is read")
    }

    func test_delayedDrop_closesWithoutAnAnswer_atTheDeadline() {
        var harness = MachineHarness()
        harness.responder.replies["/drop"] = .drop(delay: 0.2)

        harness.feed(get("/drop") + get("/never"))
        harness.advance(by: 0.1)
        XCTAssertFalse(harness.isClosed)
        harness.advance(by: 0.1)

        XCTAssertEqual(harness.written(), "")
        XCTAssertTrue(harness.isClosed)
        XCTAssertEqual(harness.responder.targets, ["/drop"])
    }

    func test_drop_stillSendsEarlierPipelinedAnswers_thenCloses() {
        var harness = MachineHarness()
        harness.responder.replies["/drop"] = .drop()

        harness.feed(get("/a") + get("/drop") + get("/never"))

        XCTAssertFalse(harness.isClosed)
        XCTAssertEqual(harness.written(), echo("/a"))
        XCTAssertTrue(harness.isClosed)
    }

    func test_dropWithNothingQueued_closesAtOnce() {
        var harness = MachineHarness()
        harness.responder.replies["/drop"] = .drop()

        harness.feed(get("/drop"))

        XCTAssertTrue(harness.isClosed)
    }

    func test_readingPauses_whenTooMuchInputWaitsBehindAHeldAnswer() {
        var harness = MachineHarness(inputLimitWhileBusy: 100)
        harness.responder.replies["/slow"] = .response(FakeResponse(status: 200), delay: 1)
        harness.feed(get("/slow"))
        XCTAssertTrue(harness.machine.wantsToRead)

        harness.feed(post("/big", String(repeating: "x", count: 200)))

        XCTAssertFalse(harness.machine.wantsToRead)
        harness.advance(by: 1)
        XCTAssertTrue(harness.machine.wantsToRead)
        XCTAssertEqual(harness.responder.targets, ["/slow", "/big"])
    }

    func test_faultDelays_neverTrap_whenTheyAreHugeOrNotANumber() {
        for delay in [Double.nan, -1, .infinity, 1e300] {
            var harness = MachineHarness()
            harness.responder.replies["/x"] = .response(FakeResponse(status: 200), delay: delay)
            harness.feed(get("/x"))
            if delay > 0 {
                XCTAssertNotNil(harness.machine.deadline, "\(delay)")
                XCTAssertEqual(harness.written(), "", "\(delay)")
            } else {
                XCTAssertEqual(harness.written(), "HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n", "\(delay)")
            }
        }
    }
}

import PushFakeCore
import PushFakeHTTP1
import XCTest

@testable import PushFakeHTTP

/// The server stops (`drain(until:now:)`): the answer in flight is finished with `Connection: close`, idle
/// connections close at once, nothing more is answered, and at the deadline whatever is left is cut.
final class ConnectionMachineDrainTests: XCTestCase {
    private var deadline: UInt64 { 200 * MachineHarness.second }

    func test_idleConnection_closesAtOnce() {
        var harness = MachineHarness()
        harness.feed(get("/a"))
        _ = harness.written()

        harness.machine.drain(until: deadline, now: harness.now)

        XCTAssertTrue(harness.isClosed)
    }

    func test_partialRequest_isDropped_unanswered() {
        var harness = MachineHarness()
        harness.feed("POST /a HTTP/1.1\r\nHost: x\r\nContent-Length: 10\r\n\r\n{")

        harness.machine.drain(until: deadline, now: harness.now)

        XCTAssertTrue(harness.isClosed)
        XCTAssertEqual(harness.responder.targets, [])
    }

    func test_answerBeingWritten_isFinished_thenClosed_andPipelinedRequestsAreNotAnswered() {
        var harness = MachineHarness(outputHighWater: 1)
        harness.feed(get("/a") + get("/b"))

        harness.machine.drain(until: deadline, now: harness.now)

        XCTAssertFalse(harness.isClosed)
        XCTAssertEqual(harness.written(), echo("/a"))
        XCTAssertTrue(harness.isClosed)
        XCTAssertEqual(harness.responder.targets, ["/a"])
    }

    func test_awaitedAnswer_isWrittenWithConnectionClose_whenItComesWithinTheGrace() {
        var harness = MachineHarness()
        harness.responder.replies["/export"] = .deferred(
            DeferredResponse(), timeout: nil, timeoutResponse: FakeResponse(status: 503))
        harness.feed(get("/export") + get("/next"))

        harness.machine.drain(until: deadline, now: harness.now)
        XCTAssertFalse(harness.isClosed)
        XCTAssertEqual(harness.machine.deadline, deadline)
        harness.external(.completed(FakeResponse(status: 200, body: Array("all".utf8))))

        XCTAssertEqual(harness.written(), "HTTP/1.1 200 OK\r\nContent-Length: 3\r\nConnection: close\r\n\r\nall")
        XCTAssertTrue(harness.isClosed)
        XCTAssertEqual(harness.responder.targets, ["/export"])
    }

    func test_stream_endsWithItsLastChunk_thenCloses() {
        var harness = MachineHarness()
        harness.responder.replies["/events"] = .stream(ResponseStream())
        harness.feed(get("/events"))
        _ = harness.written()

        harness.machine.drain(until: deadline, now: harness.now)
        harness.external(.chunk(Array("event: end\n\n".utf8)))
        harness.external(.end)

        XCTAssertEqual(harness.written(), "c\r\nevent: end\n\n\r\n0\r\n\r\n")
        XCTAssertTrue(harness.isClosed)
    }

    func test_heldAnswer_isReleasedAtOnce_withConnectionClose() {
        var harness = MachineHarness()
        harness.responder.replies["/held"] = .response(FakeResponse(status: 200), delay: 5)
        harness.feed(get("/held"))

        harness.machine.drain(until: deadline, now: harness.now)

        XCTAssertEqual(harness.written(), "HTTP/1.1 200 OK\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
        XCTAssertTrue(harness.isClosed, "a fault's delay is released at once at shutdown")
    }

    func test_whatIsLeft_isCutAtTheDeadline() {
        var harness = MachineHarness()
        let deferred = DeferredResponse()
        harness.responder.replies["/export"] = .deferred(
            deferred, timeout: nil, timeoutResponse: FakeResponse(status: 503))
        harness.feed(get("/export"))
        harness.machine.drain(until: harness.now + MachineHarness.second, now: harness.now)

        harness.advance(by: 1)

        XCTAssertTrue(harness.isClosed)
        XCTAssertTrue(deferred.isCancelled)
        XCTAssertEqual(harness.written(), "")
    }
}

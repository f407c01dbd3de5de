import PushFakeCore
import PushFakeHTTP1
import XCTest

@testable import PushFakeHTTP

/// Answers another thread completes later (long-poll): held open without a deadline of their own, or with one.
final class ConnectionMachineDeferredTests: XCTestCase {
    private let timeoutAnswer = FakeResponse(status: 200, body: Array("timeout".utf8))

    func test_deferredAnswer_isWrittenWhenCompleted_andPipelinedRequestsFollow() {
        var harness = MachineHarness()
        let deferred = DeferredResponse()
        harness.responder.replies["/wait"] = .deferred(deferred, timeout: 30, timeoutResponse: timeoutAnswer)

        harness.feed(get("/wait") + get("/next"))
        XCTAssertEqual(harness.written(), "")
        XCTAssertTrue(harness.machine.awaitedSource === deferred.source)
        XCTAssertEqual(harness.responder.targets, ["/wait"])

        harness.external(.completed(FakeResponse(status: 201, body: Array("done".utf8))))

        XCTAssertEqual(harness.written(), "HTTP/1.1 201 Created\r\nContent-Length: 4\r\n\r\ndone" + echo("/next"))
        XCTAssertNil(harness.machine.awaitedSource)
    }

    func test_deferredAnswer_timesOutWithItsTimeoutResponse_andCancelsTheHandle() {
        var harness = MachineHarness()
        let deferred = DeferredResponse()
        harness.responder.replies["/wait"] = .deferred(deferred, timeout: 2, timeoutResponse: timeoutAnswer)
        harness.feed(get("/wait"))

        harness.advance(by: 1.999)
        XCTAssertEqual(harness.written(), "")
        harness.advance(by: 0.001)

        XCTAssertEqual(harness.written(), "HTTP/1.1 200 OK\r\nContent-Length: 7\r\n\r\ntimeout")
        XCTAssertTrue(deferred.isCancelled)
        XCTAssertFalse(deferred.complete(FakeResponse(status: 200)), "too late")
        harness.external(.completed(FakeResponse(status: 500)))
        XCTAssertEqual(harness.written(), "", "a late completion is ignored")
    }

    func test_deferredAnswerWithoutTimeout_waitsForever_noIdleOrRequestTimer() {
        var harness = MachineHarness(idleTimeout: 1, requestTimeout: 1)
        harness.responder.replies["/wait"] = .deferred(DeferredResponse(), timeout: nil, timeoutResponse: timeoutAnswer)
        harness.feed(get("/wait"))

        XCTAssertNil(harness.machine.deadline)
        harness.advance(by: 3600)

        XCTAssertFalse(harness.isClosed)
    }

    func test_deferredAnswer_keepsHeadAndCloseSemantics_ofItsRequest() {
        var harness = MachineHarness()
        harness.responder.replies["/wait"] = .deferred(DeferredResponse(), timeout: 5, timeoutResponse: timeoutAnswer)

        harness.feed("HEAD /wait HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        harness.external(.completed(FakeResponse(status: 200, body: Array("abc".utf8))))

        XCTAssertEqual(harness.written(), "HTTP/1.1 200 OK\r\nContent-Length: 3\r\nConnection: close\r\n\r\n")
        XCTAssertTrue(harness.isClosed)
    }

    func test_pollExternal_takesACompletionMadeBeforeTheHandlerReturned() {
        var harness = MachineHarness()
        let deferred = DeferredResponse()
        deferred.complete(FakeResponse(status: 202))
        harness.responder.replies["/wait"] = .deferred(deferred, timeout: 5, timeoutResponse: timeoutAnswer)
        harness.feed(get("/wait"))
        let waker = CountingWaker()

        XCTAssertTrue(harness.machine.pollExternal(now: harness.now, waker: waker))

        XCTAssertEqual(harness.written(), "HTTP/1.1 202 Accepted\r\nContent-Length: 0\r\n\r\n")
    }

    func test_pollExternal_attachesTheWaker_thatACompletionFromAnotherThreadSignals() {
        var harness = MachineHarness()
        let deferred = DeferredResponse()
        harness.responder.replies["/wait"] = .deferred(deferred, timeout: 5, timeoutResponse: timeoutAnswer)
        harness.feed(get("/wait"))
        let waker = CountingWaker()
        XCTAssertFalse(harness.machine.pollExternal(now: harness.now, waker: waker))

        let thread = Thread { deferred.complete(FakeResponse(status: 204)) }
        thread.start()
        let deadline = Date().addingTimeInterval(5)
        while waker.wakes == 0 && Date() < deadline { usleep(1_000) }

        XCTAssertEqual(waker.wakes, 1)
        XCTAssertTrue(harness.machine.pollExternal(now: harness.now, waker: waker))
        XCTAssertEqual(harness.written(), "HTTP/1.1 204 No Content\r\n\r\n")
    }
}

import PushFakeCore
import PushFakeHTTP1
import XCTest

@testable import PushFakeHTTP

/// The peer's input ends (read returned 0): what was received is answered, then the connection closes.
final class ConnectionMachineHalfCloseTests: XCTestCase {
    func test_completeRequests_areAnsweredThenClosed_whenInputEnds() {
        var harness = MachineHarness()
        harness.feed(get("/a") + get("/b"))

        harness.machine.inputEnded(now: harness.now)

        XCTAssertFalse(harness.isClosed)
        XCTAssertFalse(harness.machine.wantsToRead)
        XCTAssertEqual(harness.written(), echo("/a") + echo("/b"))
        XCTAssertTrue(harness.isClosed)
    }

    func test_answerOverTheOutputHighWater_closesOnceWritten_whenInputEnded() {
        var harness = MachineHarness(outputHighWater: 16)
        harness.feed(get("/a-long-target"))

        harness.machine.inputEnded(now: harness.now)

        XCTAssertFalse(harness.isClosed)
        XCTAssertEqual(harness.written(), echo("/a-long-target"))
        XCTAssertTrue(harness.isClosed, "not left open until the idle timeout")
    }

    func test_partialRequest_isDropped_whenInputEnds() {
        var harness = MachineHarness()
        harness.feed("GET /a HTTP/1.1\r\nHo")

        harness.machine.inputEnded(now: harness.now)

        XCTAssertTrue(harness.isClosed)
        XCTAssertTrue(harness.responder.rejections.isEmpty)
    }

    func test_heldAnswer_isStillSent_whenInputEndsDuringTheDelay() {
        var harness = MachineHarness()
        harness.responder.replies["/slow"] = .response(FakeResponse(status: 200), delay: 1)
        harness.feed(get("/slow") + get("/after"))

        harness.machine.inputEnded(now: harness.now)
        harness.advance(by: 1)

        XCTAssertEqual(harness.written(), "HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n" + echo("/after"))
        XCTAssertTrue(harness.isClosed)
    }

    func test_awaitedAnswer_isWrittenWhole_thenClosed_whenInputEndsWhileItIsAwaited() {
        var harness = MachineHarness()
        let deferred = DeferredResponse()
        harness.responder.replies["/wait"] = .deferred(
            deferred, timeout: 10, timeoutResponse: FakeResponse(status: 204))
        harness.feed(get("/wait"))

        harness.machine.inputEnded(now: harness.now)

        XCTAssertFalse(harness.isClosed, "a half-closed client still waits for its answer")
        XCTAssertFalse(deferred.isCancelled)
        harness.external(.completed(FakeResponse(status: 200, body: Array("done".utf8))))
        XCTAssertEqual(harness.written(), "HTTP/1.1 200 OK\r\nContent-Length: 4\r\n\r\ndone")
        XCTAssertTrue(harness.isClosed)
    }

    func test_awaitedAnswer_timesOutAsUsual_whenInputEndsWhileItIsAwaited() {
        var harness = MachineHarness()
        let deferred = DeferredResponse()
        harness.responder.replies["/wait"] = .deferred(
            deferred, timeout: 10, timeoutResponse: FakeResponse(status: 204))
        harness.feed(get("/wait"))
        harness.machine.inputEnded(now: harness.now)

        harness.advance(by: 10)

        XCTAssertEqual(harness.written(), "HTTP/1.1 204 No Content\r\n\r\n")
        XCTAssertTrue(harness.isClosed)
    }

    func test_pipelinedStream_behindInputEnd_streamsToItsEnd_thenCloses() {
        var harness = MachineHarness()
        let stream = ResponseStream()
        harness.responder.replies["/events"] = .stream(stream)
        harness.feed(get("/a") + get("/events"))

        harness.machine.inputEnded(now: harness.now)

        XCTAssertFalse(stream.isCancelled)
        XCTAssertFalse(harness.isClosed)
        XCTAssertEqual(harness.written(), echo("/a") + "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n")
        harness.external(.chunk(Array("data: 1\n\n".utf8)))
        harness.external(.end)
        XCTAssertEqual(harness.written(), "9\r\ndata: 1\n\n\r\n0\r\n\r\n")
        XCTAssertTrue(harness.isClosed)
    }
}

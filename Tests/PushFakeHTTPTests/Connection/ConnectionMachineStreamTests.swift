import PushFakeCore
import PushFakeHTTP1
import XCTest

@testable import PushFakeHTTP

/// Streamed answers: the head at once, chunks as another thread pushes them, the last chunk when it finishes.
final class ConnectionMachineStreamTests: XCTestCase {
    private let eventStream: HTTPHeaders = ["Content-Type": "text/event-stream"]

    func test_stream_sendsChunkedHeadChunksAndEnd_thenServesTheNextRequest() {
        var harness = MachineHarness()
        harness.responder.replies["/events"] = .stream(ResponseStream(headers: eventStream))

        harness.feed(get("/events") + get("/next"))
        XCTAssertEqual(
            harness.written(),
            "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nTransfer-Encoding: chunked\r\n\r\n")
        harness.external(.chunk(Array("data: 1\n\n".utf8)))
        harness.external(.chunk(Array("data: 2\n\n".utf8)))
        XCTAssertEqual(harness.written(), "9\r\ndata: 1\n\n\r\n9\r\ndata: 2\n\n\r\n")
        XCTAssertEqual(harness.responder.targets, ["/events"])
        harness.external(.end)

        XCTAssertEqual(harness.written(), "0\r\n\r\n" + echo("/next"))
        XCTAssertFalse(harness.isClosed)
    }

    func test_stream_hasNoTimersWhileOpen() {
        var harness = MachineHarness(idleTimeout: 1, requestTimeout: 1)
        harness.responder.replies["/events"] = .stream(ResponseStream())
        harness.feed(get("/events"))

        harness.advance(by: 600)

        XCTAssertNil(harness.machine.deadline)
        XCTAssertFalse(harness.isClosed)
    }

    func test_streamForHTTP10_isUnframedAndCloses_whenItEnds() {
        var harness = MachineHarness()
        harness.responder.replies["/events"] = .stream(ResponseStream(headers: eventStream))

        harness.feed("GET /events HTTP/1.0\r\n\r\n")
        harness.external(.chunk(Array("abc".utf8)))
        harness.external(.end)

        XCTAssertEqual(
            harness.written(), "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nConnection: close\r\n\r\nabc")
        XCTAssertTrue(harness.isClosed)
    }

    func test_streamForHEAD_sendsTheHeadOnly_andCancelsTheStream() {
        var harness = MachineHarness()
        let stream = ResponseStream(headers: eventStream)
        harness.responder.replies["/events"] = .stream(stream)

        harness.feed("HEAD /events HTTP/1.1\r\nHost: x\r\n\r\n" + get("/next"))

        XCTAssertEqual(
            harness.written(),
            "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nTransfer-Encoding: chunked\r\n\r\n" + echo("/next"))
        XCTAssertTrue(stream.isCancelled)
        XCTAssertFalse(stream.send(Array("x".utf8)))
    }

    func test_streamWithConnectionClose_closesAfterTheLastChunk() {
        var harness = MachineHarness()
        harness.responder.replies["/events"] = .stream(ResponseStream())

        harness.feed(get("/events", "Connection: close\r\n"))
        harness.external(.end)

        XCTAssertEqual(
            harness.written(), "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n0\r\n\r\n")
        XCTAssertTrue(harness.isClosed)
    }

    func test_pollExternal_feedsQueuedChunks_andStopsTakingThemWhileOutputIsFull() {
        var harness = MachineHarness(outputHighWater: 64)
        let stream = ResponseStream()
        harness.responder.replies["/events"] = .stream(stream)
        harness.feed(get("/events"))
        let waker = CountingWaker()
        XCTAssertTrue(stream.send(Array(repeating: 0x61, count: 100)))

        XCTAssertTrue(harness.machine.pollExternal(now: harness.now, waker: waker))
        XCTAssertTrue(stream.send(Array("more".utf8)))
        XCTAssertFalse(harness.machine.pollExternal(now: harness.now, waker: waker), "output is over the high water")
        _ = harness.written()
        XCTAssertTrue(harness.machine.pollExternal(now: harness.now, waker: waker))

        XCTAssertEqual(harness.written(), "4\r\nmore\r\n")
        XCTAssertEqual(waker.wakes, 1, "the second send woke the attached waker")
    }

    func test_streamOverflowingItsQueue_isCancelled_andTheConnectionCloses() {
        var harness = MachineHarness()
        let stream = ResponseStream(maxQueuedBytes: 10)
        harness.responder.replies["/events"] = .stream(stream)
        harness.feed(get("/events"))
        let waker = CountingWaker()
        harness.machine.pollExternal(now: harness.now, waker: waker)

        XCTAssertTrue(stream.send(Array("12345".utf8)))
        XCTAssertFalse(stream.send(Array("123456".utf8)))
        XCTAssertTrue(stream.isCancelled)
        harness.machine.pollExternal(now: harness.now, waker: waker)

        XCTAssertTrue(harness.isClosed)
    }

    func test_abort_cancelsAnOpenStream() {
        var harness = MachineHarness()
        let stream = ResponseStream()
        let cancelled = Locked(false)
        stream.onCancel { cancelled.withLock { $0 = true } }
        harness.responder.replies["/events"] = .stream(stream)
        harness.feed(get("/events"))

        harness.machine.abort()

        XCTAssertTrue(cancelled.withLock { $0 })
        XCTAssertFalse(stream.send(Array("x".utf8)))
    }
}

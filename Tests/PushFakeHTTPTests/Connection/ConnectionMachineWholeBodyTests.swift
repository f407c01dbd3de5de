import PushFakeCore
import PushFakeHTTP1
import XCTest

@testable import PushFakeHTTP

/// A large answer built on another thread goes out as a stream of a body known whole: the same bytes as a plain
/// response (Content-Length and all), copied into the output buffer a piece at a time as it has room, never whole.
final class ConnectionMachineWholeBodyTests: XCTestCase {
    private static let headers: HTTPHeaders = [
        "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store",
    ]
    private static let body = (0..<1_000_000).map { UInt8(truncatingIfNeeded: $0 % 251) }

    /// Runs the driver's loop (poll the source, write everything, report it written) until nothing moves; returns
    /// the bytes written, the number of writes and the most output ever queued at once.
    private func drain(_ harness: inout MachineHarness) -> (bytes: [UInt8], writes: Int, mostQueued: Int) {
        let waker = CountingWaker()
        var bytes: [UInt8] = []
        var writes = 0
        var mostQueued = 0
        while true {
            harness.machine.pollExternal(now: harness.now, waker: waker)
            mostQueued = max(mostQueued, harness.machine.pendingOutputCount)
            let pending = harness.machine.withPendingOutput { Array($0) }
            guard !pending.isEmpty else { return (bytes, writes, mostQueued) }
            bytes += pending
            writes += 1
            harness.machine.wrote(pending.count, now: harness.now)
        }
    }

    func test_largeDeferredAnswer_goesOutInPieces_asTheBytesOfAPlainResponse() {
        var harness = MachineHarness(outputHighWater: 64 * 1024)
        let deferred = DeferredResponse()
        harness.responder.replies["/big"] = .deferred(
            deferred, timeout: nil, timeoutResponse: FakeResponse(status: 503))
        harness.feed(get("/big") + get("/after"))
        XCTAssertEqual(harness.written(), "", "nothing before the answer is resolved")

        let response = FakeResponse(status: 200, headers: Self.headers, body: Self.body)
        XCTAssertTrue(deferred.resolve(OffLoop.streamedIfLarge(response)))
        let (bytes, writes, mostQueued) = drain(&harness)

        XCTAssertEqual(bytes, response.serialized(keepAlive: true) + Array(echo("/after").utf8))
        XCTAssertGreaterThan(writes, 10, "the body went out in pieces")
        XCTAssertLessThanOrEqual(mostQueued, 64 * 1024 + OffLoop.chunkBytes + 1_024, "never the whole body at once")
        XCTAssertFalse(harness.isClosed)
    }

    func test_wholeBodyStream_toAHEADRequest_sendsTheHeadOfAPlainResponse() {
        var harness = MachineHarness()
        let stream = ResponseStream(status: 200, headers: Self.headers, body: Self.body)
        harness.responder.replies["/big"] = .stream(stream)
        harness.feed("HEAD /big HTTP/1.1\r\nHost: x\r\n\r\n" + get("/after"))

        let (bytes, _, _) = drain(&harness)

        let response = FakeResponse(status: 200, headers: Self.headers, body: Self.body)
        XCTAssertEqual(bytes, response.serialized(keepAlive: true, headRequest: true) + Array(echo("/after").utf8))
        XCTAssertTrue(stream.isCancelled, "nothing of the body is to be sent")
    }

    func test_smallAnswer_resolvedFromAnotherThread_isAPlainResponse() {
        var harness = MachineHarness()
        let deferred = DeferredResponse()
        harness.responder.replies["/small"] = .deferred(
            deferred, timeout: nil, timeoutResponse: FakeResponse(status: 503))
        harness.feed("GET /small HTTP/1.0\r\nHost: x\r\n\r\n")
        let response = FakeResponse(status: 200, headers: Self.headers, body: Array("{}".utf8))
        deferred.resolve(OffLoop.streamedIfLarge(response))

        let (bytes, writes, _) = drain(&harness)

        XCTAssertEqual(bytes, response.serialized(keepAlive: false, requestVersion: .http10))
        XCTAssertEqual(writes, 1)
        XCTAssertTrue(harness.isClosed)
    }
}

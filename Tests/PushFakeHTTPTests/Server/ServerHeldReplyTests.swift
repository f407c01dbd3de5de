import Foundation
import PushFakeCore
import PushFakeHTTP
import XCTest

/// Deferred and streamed replies through a live server, under both I/O models in every run: the cross-thread
/// wake-ups (the event loop's eventfd, a thread connection's own wake pipe) and stop().
final class ServerHeldReplyTests: XCTestCase {
    /// Handles the test routes hand out, so the test can complete or feed them from its own threads.
    final class Handles: Sendable {
        let deferred = Locked<[DeferredResponse]>([])
        let streams = Locked<[ResponseStream]>([])
        var lastStream: ResponseStream? { streams.withLock { $0.last } }
        var lastDeferred: DeferredResponse? { deferred.withLock { $0.last } }
    }

    /// Runs `body` against a server in each I/O model whose hook serves `/test/wait` (a long-poll with a 5 s
    /// timeout), `/test/wait-short` (0.2 s) and `/test/stream`.
    private func forEachModel(
        maxQueuedBytes: Int = 4 << 20, _ body: (PushFakeServer, Handles, ServerConfiguration.IOModel) throws -> Void
    ) throws {
        for model in ServerConfiguration.IOModel.allCases {
            let handles = Handles()
            let server = PushFakeServer(configuration: ServerConfiguration(ioModel: model)) { request in
                switch request.path {
                case "/test/wait", "/test/wait-short":
                    let deferred = DeferredResponse()
                    handles.deferred.withLock { $0.append(deferred) }
                    let timeout = request.path == "/test/wait" ? 5.0 : 0.2
                    return .deferred(deferred, timeout: timeout, timeoutResponse: .json(200, ["timedOut": true]))
                case "/test/stream":
                    let stream = ResponseStream(
                        headers: ["Content-Type": "text/event-stream"], maxQueuedBytes: maxQueuedBytes)
                    handles.streams.withLock { $0.append(stream) }
                    return .stream(stream)
                default:
                    return nil
                }
            }
            try server.start()
            defer { ServerTestCase.stopWithWatchdog(server) }
            try body(server, handles, model)
        }
    }

    /// Waits until `condition` holds, at most `seconds`.
    private func eventually(_ seconds: Double = 5, _ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while !condition() {
            if Date() > deadline { return false }
            usleep(2_000)
        }
        return true
    }

    func test_longPoll_isAnsweredByAnotherThreadAfter100ms_thenThePipelinedRequest() throws {
        try forEachModel { server, handles, model in
            let client = try LoopbackHTTPClient(port: server.port)
            let started = Date()
            client.send(
                "GET /test/wait HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\nGET /__pushfake/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
            )
            XCTAssertTrue(eventually { handles.lastDeferred != nil }, "\(model)")
            let thread = Thread {
                Thread.sleep(forTimeInterval: 0.1)
                handles.lastDeferred?.complete(.json(200, ["answered": true]))
            }
            thread.start()

            let answer = client.readResponse()
            XCTAssertEqual(answer?.json?["answered"], true, "\(model)")
            XCTAssertGreaterThanOrEqual(Date().timeIntervalSince(started), 0.1, "\(model)")
            XCTAssertLessThan(Date().timeIntervalSince(started), 3, "\(model)")
            XCTAssertEqual(client.readResponse()?.json?["status"], "ok", "\(model): the pipelined request came after")
        }
    }

    func test_longPoll_answersItsTimeoutResponse_andCancelsTheHandle() throws {
        try forEachModel { server, handles, model in
            let client = try LoopbackHTTPClient(port: server.port)
            client.send("GET /test/wait-short HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")

            XCTAssertEqual(client.readResponse()?.json?["timedOut"], true, "\(model)")
            XCTAssertEqual(handles.lastDeferred?.isCancelled, true, "\(model)")
            XCTAssertEqual(handles.lastDeferred?.complete(.json(200, [:])), false, "\(model)")
        }
    }

    /// A reset is a client gone for sure. (The end of its input is not: a client that half-closes after its request
    /// still gets the answer, HostileHalfCloseTests; one that closed for good is found out when the answer is written.)
    func test_longPoll_isCancelled_whenTheClientResetsTheConnection() throws {
        try forEachModel { server, handles, model in
            let client = try RawConnection(port: server.port)
            client.send("GET /test/wait HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            XCTAssertTrue(eventually { handles.lastDeferred != nil }, "\(model)")
            let cancelled = Locked(false)
            handles.lastDeferred?.onCancel { cancelled.withLock { $0 = true } }

            client.reset()

            XCTAssertTrue(eventually { cancelled.withLock { $0 } }, "\(model): the handle learns the client is gone")
        }
    }

    func test_stream_deliversThreeChunksThenEnds_andTheConnectionServesOn() throws {
        try forEachModel { server, handles, model in
            let client = try LoopbackHTTPClient(port: server.port)
            client.send("GET /test/stream HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            let head = client.readHead()
            XCTAssertEqual(head?.status, 200, "\(model)")
            XCTAssertEqual(head?.headers["Transfer-Encoding"], "chunked", "\(model)")
            XCTAssertEqual(head?.headers["Content-Type"], "text/event-stream", "\(model)")
            let stream = try XCTUnwrap(handles.lastStream)

            let thread = Thread {
                for index in 1...3 {
                    stream.send(Array("data: \(index)\n\n".utf8))
                    Thread.sleep(forTimeInterval: 0.02)
                }
                stream.finish()
            }
            thread.start()

            XCTAssertEqual(client.readChunk().map { String(decoding: $0, as: UTF8.self) }, "data: 1\n\n", "\(model)")
            XCTAssertEqual(client.readChunk().map { String(decoding: $0, as: UTF8.self) }, "data: 2\n\n", "\(model)")
            XCTAssertEqual(client.readChunk().map { String(decoding: $0, as: UTF8.self) }, "data: 3\n\n", "\(model)")
            XCTAssertEqual(client.readChunk(), [], "\(model): the last chunk")
            XCTAssertEqual(client.request("GET", "/__pushfake/health")?.status, 200, "\(model)")
        }
    }

    func test_slowStreamReader_blocksNeitherOtherConnectionsNorTheProducer() throws {
        try forEachModel(maxQueuedBytes: 256 * 1024) { server, handles, model in
            let stalled = try LoopbackHTTPClient(port: server.port)
            stalled.send("GET /test/stream HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            XCTAssertTrue(eventually { handles.lastStream != nil }, "\(model)")
            let stream = try XCTUnwrap(handles.lastStream)
            let slowestSend = Locked(0.0)
            let producer = Thread {
                let chunk = [UInt8](repeating: 0x78, count: 64 * 1024)
                let deadline = Date().addingTimeInterval(20)
                while Date() < deadline {
                    let started = Date()
                    let accepted = stream.send(chunk)
                    slowestSend.withLock { $0 = max($0, Date().timeIntervalSince(started)) }
                    if !accepted { return }
                }
            }
            producer.start()

            let other = try LoopbackHTTPClient(port: server.port)
            let started = Date()
            for _ in 0..<20 { XCTAssertEqual(other.request("GET", "/__pushfake/health")?.status, 200, "\(model)") }
            XCTAssertLessThan(Date().timeIntervalSince(started), 2, "\(model): other connections are served")
            XCTAssertTrue(
                eventually(15) { stream.isCancelled }, "\(model): the stalled client's stream overflows its queue")
            XCTAssertLessThan(slowestSend.withLock { $0 }, 0.5, "\(model): send(_:) never blocks the producer")
        }
    }

    /// Answers no producer ends by itself are cut when the shutdown grace is over: with none, at once. (The server's
    /// own waits and event streams end at the start of the grace, with a final answer: HostileDeletedInstanceTests.)
    func test_stop_endsOpenStreamsAndLongPolls_promptly_whenThereIsNoShutdownGrace() throws {
        for model in ServerConfiguration.IOModel.allCases {
            let handles = Handles()
            var configuration = ServerConfiguration(ioModel: model)
            configuration.shutdownGrace = 0
            let server = PushFakeServer(configuration: configuration) { request in
                if request.path == "/test/stream" {
                    let stream = ResponseStream()
                    handles.streams.withLock { $0.append(stream) }
                    return .stream(stream)
                }
                guard request.path == "/test/wait" else { return nil }
                let deferred = DeferredResponse()
                handles.deferred.withLock { $0.append(deferred) }
                return .deferred(deferred, timeout: nil, timeoutResponse: .json(200, [:]))
            }
            try server.start()
            let streaming = try LoopbackHTTPClient(port: server.port)
            streaming.send("GET /test/stream HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            XCTAssertEqual(streaming.readHead()?.status, 200, "\(model)")
            let waiting = try LoopbackHTTPClient(port: server.port)
            waiting.send("GET /test/wait HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            XCTAssertTrue(eventually { handles.lastDeferred != nil }, "\(model)")

            let started = Date()
            ServerTestCase.stopWithWatchdog(server)

            XCTAssertLessThan(Date().timeIntervalSince(started), 2, "\(model)")
            XCTAssertNil(streaming.readChunk(), "\(model): the stream's connection is closed")
            XCTAssertNil(waiting.readResponse(), "\(model): the long-poll's connection is closed")
            // stop() shuts the connections down; a connection thread cancels its handle as it exits.
            XCTAssertTrue(eventually(2) { handles.lastStream?.isCancelled == true }, "\(model)")
            XCTAssertTrue(eventually(2) { handles.lastDeferred?.isCancelled == true }, "\(model)")
        }
    }
}

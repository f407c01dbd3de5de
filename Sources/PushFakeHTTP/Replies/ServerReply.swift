import PushFakeCore

/// How the server answers one request: what a request handler returns and what a connection's
/// ``ConnectionMachine`` carries out.
///
/// Most answers are plain responses. A handler that must wait for something another thread will report (a journal
/// entry for a long-poll, engine events for a server-sent events stream) returns ``deferred(_:timeout:timeoutResponse:)``
/// or ``stream(_:)`` and keeps the handle; the connection stays open without blocking any thread, and later
/// pipelined requests on it wait their turn:
///
/// ```swift
/// // Long-poll: answer when something happens, or 200 {"matched":false} after 30 s.
/// let deferred = DeferredResponse()
/// fake.addObserver { entry in if matches(entry) { deferred.complete(.json(200, ["matched": true])) } }
/// return .deferred(deferred, timeout: 30, timeoutResponse: .json(200, ["matched": false]))
///
/// // Server-sent events: the head goes out now, each send(_:) becomes one chunk.
/// let stream = ResponseStream(headers: ["Content-Type": "text/event-stream", "Cache-Control": "no-store"])
/// fake.addObserver { entry in stream.send(Array("data: \(entry.sequence)\n\n".utf8)) }
/// return .stream(stream)
/// ```
///
/// Handlers run on the connection's I/O thread (an event loop serves many connections), so they must return
/// quickly; `complete(_:)`, `send(_:)` and `finish()` never block and may be called from any thread.
package enum ServerReply: Sendable {
    /// Answer with `response`, after `delay` seconds when positive (a fault delay). Later pipelined requests wait.
    case response(FakeResponse, delay: Double = 0)
    /// Close the connection without answering, after `delay` seconds (faults `dropConnection`, `dropResponse`).
    /// Answers already written for earlier pipelined requests are sent first.
    case drop(delay: Double = 0)
    /// Hold the answer until another thread calls ``DeferredResponse/complete(_:)``; after `timeout` seconds
    /// (`nil`: no limit) answer `timeoutResponse` instead. The handle is cancelled when the connection no longer
    /// waits: timeout, a failed connection (a reset; a client that only half-closed still gets the answer), the end
    /// of the server's shutdown grace.
    case deferred(DeferredResponse, timeout: Double?, timeoutResponse: FakeResponse)
    /// Send the stream's head now and its body as it is pushed from any thread, until ``ResponseStream/finish()``.
    ///
    /// Framing: `Transfer-Encoding: chunked`, one chunk per ``ResponseStream/send(_:)``, so the connection stays
    /// usable after the stream ends (server-sent events work over it unchanged). An HTTP/1.0 request gets the body
    /// unframed and `Connection: close` instead. A body known whole (``ResponseStream/init(status:headers:body:chunkSize:)``)
    /// goes out with its `Content-Length`, in pieces. A HEAD request gets the head only, and the stream is cancelled.
    case stream(ResponseStream)
}

/// A hook that sees every request before the admin API and the engine; `nil` lets the request through. How tests
/// (and the admin API's waiting routes) return deferred or streamed replies.
package typealias RequestHandler = @Sendable (FakeRequest) -> ServerReply?

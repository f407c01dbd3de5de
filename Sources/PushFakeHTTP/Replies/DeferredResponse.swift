import PushFakeCore

/// An answer another thread gives later: the handle behind ``ServerReply/deferred(_:timeout:timeoutResponse:)``.
///
/// Thread-safe: complete it from an engine observer, a timer, any thread. The connection writes the answer as soon
/// as its I/O thread wakes up (at once, in practice), then serves the requests pipelined behind it.
package final class DeferredResponse: Sendable {
    let source = ExternalSource(maxQueuedBytes: Int.max)

    /// Creates a handle that nothing has completed yet.
    package init() {}

    /// Completes the held answer. Only the first call counts; `false` when the connection no longer waits (timeout
    /// answered, client gone, server stopped) or the answer was already given.
    @discardableResult
    package func complete(_ response: FakeResponse) -> Bool {
        source.push(.completed(response))
    }

    /// Resolves the held answer to `reply`, which the connection then carries out as if the request's handler had
    /// returned it: a response (held for its delay), a drop, a stream, even another wait. Only the first completion
    /// or resolution counts; `false` when the connection no longer waits.
    ///
    /// How work too heavy for an event loop is done elsewhere: the handler returns `.deferred`, a worker does the
    /// work and resolves the handle with what the handler would have returned.
    /// - Parameter date: where the answer's `Date` comes from (an engine answer's own); `nil` keeps the request's.
    @discardableResult
    package func resolve(_ reply: ServerReply, date: AnswerDate? = nil) -> Bool {
        source.push(.resolved(reply, date: date))
    }

    /// Whether the connection stopped waiting: its timeout answered, the connection failed (a reset), or the server's
    /// shutdown grace ran out.
    package var isCancelled: Bool { source.isCancelled }

    /// Calls `handler` once when the connection stops waiting (at once if it already has), so a producer can
    /// unsubscribe. It runs on the thread that cancels, often an event loop: keep it short.
    package func onCancel(_ handler: @escaping @Sendable () -> Void) {
        source.onCancel(handler)
    }
}

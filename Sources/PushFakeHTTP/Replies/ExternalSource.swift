import PushFakeCore

/// What another thread hands a connection that waits for it.
enum ExternalEvent: Sendable {
    /// The deferred answer.
    case completed(FakeResponse)
    /// The deferred answer is this reply, carried out as if the handler had returned it: a response (held for its
    /// delay), a drop, a stream, or another wait; dated as `date` says, or as the request's first reply said.
    case resolved(ServerReply, date: AnswerDate?)
    /// The next piece of a streamed body.
    case chunk([UInt8])
    /// The streamed body is complete.
    case end
}

/// The thread-safe queue behind ``DeferredResponse`` and ``ResponseStream``: producers push from any thread, the
/// connection drains it on its own thread after a wake-up.
///
/// The connection attaches its waker when it starts waiting, so a producer that finishes before that (even before
/// the handler returned) loses nothing: ``attach(_:)`` reports what is already queued.
///
/// A body known whole when the stream starts (``init(body:chunkSize:)``) is not queued as chunks: each
/// ``drain()`` hands out the next piece, so the connection copies into its output buffer only what it has room for.
final class ExternalSource: Sendable {
    private struct State {
        var events: [ExternalEvent] = []
        var queuedBytes = 0
        /// Bytes of chunks the connection has taken, ever.
        var takenBytes = 0
        /// The rest of a whole body, handed out ``chunkSize`` bytes per drain; then `.end`.
        var body: [UInt8] = []
        var bodyOffset = 0
        /// Completed or finished: nothing more is accepted.
        var ended = false
        var cancelled = false
        var waker: (any ConnectionWaker)?
        var cancelHandlers: [@Sendable () -> Void] = []
        /// Called after the connection took queued events (``drain()``), so a paced producer can send more.
        var drainHandler: (@Sendable () -> Void)?
    }

    private let state = Locked(State())
    /// Chunks queued beyond this many bytes (a client that reads slower than the producer writes) cancel the stream.
    let maxQueuedBytes: Int

    /// The size of the pieces a whole body is handed out in.
    let chunkSize: Int

    init(maxQueuedBytes: Int) {
        self.maxQueuedBytes = maxQueuedBytes
        self.chunkSize = 0
    }

    /// A finished stream whose body is `body`, handed out `chunkSize` bytes (at least 1) per drain, then `.end`.
    init(body: [UInt8], chunkSize: Int) {
        self.maxQueuedBytes = Int.max
        self.chunkSize = max(1, chunkSize)
        state.withLock { state in
            state.body = body
            state.ended = true
            if body.isEmpty { state.events = [.end] }
        }
    }

    /// Queues `event` and wakes the connection. `false` when the source was cancelled or had ended; a chunk that
    /// would queue more than ``maxQueuedBytes`` behind others cancels the source instead.
    func push(_ event: ExternalEvent) -> Bool {
        let (accepted, waker, overflow) = state.withLock { state -> (Bool, (any ConnectionWaker)?, Bool) in
            guard !state.cancelled, !state.ended else { return (false, nil, false) }
            if case .chunk(let bytes) = event {
                // One chunk larger than the bound is taken when nothing waits: the bound is on a client falling
                // behind, not on the size of one piece.
                guard state.queuedBytes == 0 || bytes.count <= maxQueuedBytes &- state.queuedBytes else {
                    return (false, nil, true)
                }
                state.queuedBytes &+= bytes.count
            } else {
                state.ended = true
            }
            state.events.append(event)
            return (true, state.waker, false)
        }
        if overflow { cancel() }
        waker?.wake()
        return accepted
    }

    /// Starts waking `waker` on every push; `true` when events (or a cancellation) are already waiting.
    func attach(_ waker: any ConnectionWaker) -> Bool {
        state.withLock { state in
            state.waker = waker
            return !state.events.isEmpty || state.cancelled || state.bodyOffset < state.body.count
        }
    }

    /// Takes every queued event, and whether the source was cancelled; of a whole body, the next piece (with `.end`
    /// after the last one).
    func drain() -> (events: [ExternalEvent], cancelled: Bool) {
        let (taken, handler) = state.withLock {
            state -> ((events: [ExternalEvent], cancelled: Bool), (@Sendable () -> Void)?) in
            if state.events.isEmpty, !state.cancelled, state.bodyOffset < state.body.count {
                let end = state.bodyOffset &+ min(chunkSize, state.body.count &- state.bodyOffset)
                var events = [ExternalEvent.chunk(Array(state.body[state.bodyOffset..<end]))]
                state.takenBytes &+= end &- state.bodyOffset
                state.bodyOffset = end
                if end == state.body.count {
                    events.append(.end)
                    state.body = []
                    state.bodyOffset = 0
                }
                return ((events, false), state.drainHandler)
            }
            defer {
                state.events = []
                state.takenBytes &+= state.queuedBytes
                state.queuedBytes = 0
            }
            return ((state.events, state.cancelled), state.events.isEmpty ? nil : state.drainHandler)
        }
        handler?()
        return taken
    }

    /// Calls `handler` (on the connection's thread: keep it short) each time the connection takes queued events;
    /// `nil` stops it.
    func onDrain(_ handler: (@Sendable () -> Void)?) {
        state.withLock { $0.drainHandler = handler }
    }

    /// Bytes of chunks queued (or of a whole body) not yet taken by the connection.
    var queuedBytes: Int { state.withLock { $0.queuedBytes &+ ($0.body.count &- $0.bodyOffset) } }

    /// Bytes of chunks the connection has taken since the source was made: whether a client reads at all.
    var takenBytes: Int { state.withLock { $0.takenBytes } }

    /// Whether the source was cancelled: the connection stopped waiting, or a stream overflowed.
    var isCancelled: Bool { state.withLock { $0.cancelled } }

    /// Stops accepting events, runs the cancel handlers once (on this thread) and wakes the connection so it
    /// notices. Idempotent.
    func cancel() {
        let (handlers, waker) = state.withLock { state -> ([@Sendable () -> Void], (any ConnectionWaker)?) in
            guard !state.cancelled else { return ([], nil) }
            state.cancelled = true
            state.events = []
            state.drainHandler = nil
            state.body = []
            state.bodyOffset = 0
            defer { state.cancelHandlers = [] }
            return (state.cancelHandlers, state.waker)
        }
        for handler in handlers { handler() }
        waker?.wake()
    }

    /// Calls `handler` once when the source is cancelled; at once when it already is.
    func onCancel(_ handler: @escaping @Sendable () -> Void) {
        let already = state.withLock { state -> Bool in
            if !state.cancelled { state.cancelHandlers.append(handler) }
            return state.cancelled
        }
        if already { handler() }
    }
}

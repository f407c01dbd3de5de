import PushFakeCore
import PushFakeHTTP1

/// Where one connection is in its life, changed only by named transitions — what happened, not which phase comes
/// next — each legal from the phases it lists (the idea of SwiftNIO's `HTTPServerPipelineHandler`).
///
/// ```
/// reading ──answerHeld──▶ holding ──holdEnded──▶ reading
/// reading ──answerDeferred──▶ awaiting ──deferredEnded──▶ reading
/// reading ──streamStarted──▶ streaming ──streamEnded──▶ reading | closing
/// reading ──answerQueued──▶ reading | closing
/// reading ──halfClosed / requestRejected / answerDropped / drainStarted──▶ closing
/// closing ──lingerStarted──▶ lingering ──lingerDiscarded──▶ lingering | closed
/// any ──closed──▶ closed
/// ```
///
/// A transition from a phase it does not list is a bug in the machine: ``onIllegal`` hears of it (the server's
/// handler asserts in debug builds and counts it), and the connection closes — the safe answer in release builds,
/// since no byte can be trusted to frame correctly after it.
struct ConnectionLifecycle {
    /// An answer waiting for its deadline (a fault delay).
    enum HeldAnswer {
        case respond(FakeResponse, RequestFacts)
        case drop
    }

    enum Phase {
        /// Parsing and answering requests as they complete.
        case reading
        /// An answer is ready but held until a deadline.
        case holding(HeldAnswer, until: UInt64)
        /// Waiting for another thread to complete `DeferredResponse`, or for the deadline.
        case awaiting(DeferredResponse, until: UInt64?, onTimeout: FakeResponse, RequestFacts)
        /// The head of a streamed answer is out; chunks follow from another thread.
        case streaming(ResponseStream, framing: HTTP1BodyFraming, RequestFacts)
        /// Writing what is queued, then closing; nothing more is read or answered.
        case closing
        /// A rejection is written and the sending side shut down; what the client still sends is read and
        /// discarded until it ends, `budget` bytes have come or `until` passes, then the connection closes. Closing
        /// with unread input would reset the connection, and a client still sending its body would get the reset
        /// instead of the answer (ConnectionMachine+Linger.swift).
        case lingering(until: UInt64, budget: Int)
        /// Done: the driver closes the socket.
        case closed
    }

    /// A transition the current phase does not allow.
    struct IllegalTransition: Sendable, Equatable, CustomStringConvertible {
        /// The transition's name, such as `streamEnded`.
        var transition: String
        /// The phase it was asked from, such as `reading`.
        var phase: String
        var description: String { "illegal connection transition \(transition) while \(phase)" }
    }

    /// The phase; only the transitions below change it.
    private(set) var phase = Phase.reading
    /// Told of every illegal transition, before the connection closes.
    let onIllegal: @Sendable (IllegalTransition) -> Void

    init(onIllegal: @escaping @Sendable (IllegalTransition) -> Void) {
        self.onIllegal = onIllegal
    }

    // The machine asks these several times a request: each tests the stored phase in place, where matching the
    // machine's `phase` copied the enum, and every answer and stream it holds, out and back.

    /// ``Phase/reading``: requests are parsed and answered as they complete.
    var isReading: Bool {
        if case .reading = phase { return true }
        return false
    }

    /// ``Phase/closing``: what is queued is written, then the connection closes.
    var isClosing: Bool {
        if case .closing = phase { return true }
        return false
    }

    /// ``Phase/lingering(until:budget:)``: input is read and discarded until the connection closes.
    var isLingering: Bool {
        if case .lingering = phase { return true }
        return false
    }

    /// ``Phase/closed``: the driver closes the socket.
    var isClosed: Bool {
        if case .closed = phase { return true }
        return false
    }

    /// An answer is held, awaited or streamed: later requests wait in the parser's buffer.
    var isBusy: Bool {
        switch phase {
        case .holding, .awaiting, .streaming: return true
        case .reading, .closing, .lingering, .closed: return false
        }
    }

    /// The deadline the phase carries: a held answer's, an awaited answer's timeout, the end of lingering.
    var phaseUntil: UInt64? {
        switch phase {
        case .holding(_, let until): return until
        case .awaiting(_, let until, _, _): return until
        case .lingering(let until, _): return until
        case .reading, .streaming, .closing, .closed: return nil
        }
    }

    /// The source of the answer being awaited or streamed, if any.
    var externalSource: ExternalSource? {
        switch phase {
        case .awaiting(let deferred, _, _, _): return deferred.source
        case .streaming(let stream, _, _): return stream.source
        case .reading, .holding, .closing, .lingering, .closed: return nil
        }
    }

    /// A fault delays the answer (or the drop) to a request until `until`.
    mutating func answerHeld(_ held: HeldAnswer, until: UInt64) {
        guard case .reading = phase else { return illegal(#function) }
        phase = .holding(held, until: until)
    }

    /// A held answer's deadline came (or the server drains): the machine writes or drops it next.
    mutating func holdEnded() {
        guard case .holding = phase else { return illegal(#function) }
        phase = .reading
    }

    /// The answer comes from another thread, or `onTimeout` at `until`.
    mutating func answerDeferred(
        _ deferred: DeferredResponse, until: UInt64?, onTimeout: FakeResponse, _ facts: RequestFacts
    ) {
        guard case .reading = phase else { return illegal(#function) }
        phase = .awaiting(deferred, until: until, onTimeout: onTimeout, facts)
    }

    /// The awaited answer came, or its deadline passed: the machine carries out the answer next.
    mutating func deferredEnded() {
        guard case .awaiting = phase else { return illegal(#function) }
        phase = .reading
    }

    /// The head of a streamed answer is queued; its body follows from another thread.
    mutating func streamStarted(_ stream: ResponseStream, framing: HTTP1BodyFraming, _ facts: RequestFacts) {
        guard case .reading = phase else { return illegal(#function) }
        phase = .streaming(stream, framing: framing, facts)
    }

    /// The streamed body is complete; the connection reads on unless it closes after this answer.
    mutating func streamEnded(keepAlive: Bool) {
        guard case .streaming = phase else { return illegal(#function) }
        phase = keepAlive ? .reading : .closing
    }

    /// A whole answer is queued; the connection reads on unless it closes after this answer.
    mutating func answerQueued(keepAlive: Bool) {
        guard case .reading = phase else { return illegal(#function) }
        phase = keepAlive ? .reading : .closing
    }

    /// The peer's input ended and every complete request is answered (or one was cut off): close once written.
    mutating func halfClosed() {
        guard case .reading = phase else { return illegal(#function) }
        phase = .closing
    }

    /// A request was answered with a rejection (malformed, too slow): close once written.
    mutating func requestRejected() {
        guard case .reading = phase else { return illegal(#function) }
        phase = .closing
    }

    /// A fault drops the connection without an answer: close once what is queued is written.
    mutating func answerDropped() {
        guard case .reading = phase else { return illegal(#function) }
        phase = .closing
    }

    /// The server stops while no answer is in flight: close once what is queued is written, at once if nothing is.
    mutating func drainStarted(hasPendingOutput: Bool) {
        guard case .reading = phase else { return illegal(#function) }
        phase = hasPendingOutput ? .closing : .closed
    }

    /// The last answer, a rejection of a body over the limit, is written: read and discard until `until` or `budget`.
    mutating func lingerStarted(until: UInt64, budget: Int) {
        guard case .closing = phase else { return illegal(#function) }
        phase = .lingering(until: until, budget: budget)
    }

    /// `count` bytes came while lingering; they count against the budget, and its end closes.
    mutating func lingerDiscarded(_ count: Int) {
        guard case .lingering(let until, let budget) = phase else { return illegal(#function) }
        let left = budget &- count
        phase = left > 0 ? .lingering(until: until, budget: left) : .closed
    }

    /// The connection is done, from any phase: written out, timed out, failed, aborted or cancelled.
    mutating func closed() {
        phase = .closed
    }

    /// Reports the broken transition and closes: after a bug, closing is the one answer that cannot frame wrong.
    private mutating func illegal(_ function: String) {
        let transition = String(function.prefix { $0 != "(" })
        onIllegal(IllegalTransition(transition: transition, phase: name(of: phase)))
        switch phase {
        case .awaiting(let deferred, _, _, _): deferred.source.cancel()
        case .streaming(let stream, _, _): stream.source.cancel()
        default: break
        }
        phase = .closed
    }

    private func name(of phase: Phase) -> String {
        switch phase {
        case .reading: return "reading"
        case .holding: return "holding"
        case .awaiting: return "awaiting"
        case .streaming: return "streaming"
        case .closing: return "closing"
        case .lingering: return "lingering"
        case .closed: return "closed"
        }
    }
}

import PushFakeCore
import PushFakeHTTP1

/// The protocol logic of one HTTP/1.1 server connection, with no sockets and no clock of its own: bytes, timer
/// ticks and completions from other threads go in; bytes to write, a deadline and what to wait for come out.
///
/// Both I/O models are thin drivers around it — the epoll loops (`LoopConnection+Linux.swift`) and the
/// thread-per-connection reader (`ThreadConnection.swift`). After feeding any event a driver:
/// 1. writes ``withPendingOutput(_:)`` and reports ``wrote(_:now:)`` (one `send` for everything queued, TCP_NODELAY:
///    PlatformNotes.md); on a failed write it calls ``abort()``;
/// 2. closes the socket once ``isClosed``;
/// 3. reads only while ``wantsToRead``;
/// 4. calls ``tick(now:)`` at ``deadline`` (a fault delay ending, a long-poll timing out, request or idle timeout);
/// 5. wakes up for ``awaitedSource`` (``pollExternal(now:waker:)``) when an answer is held for another thread.
///
/// The machine owns the parser, pipelining order (a later request waits behind a held, awaited or streamed
/// answer; its bytes stay buffered), keep-alive and close-after, `Expect: 100-continue`, HEAD, the request timeout
/// (from the accept for the first request, from its first byte for later ones) and the idle timeout, and the bytes
/// of a rejected request for the journal.
/// Answers are serialized straight into ``output``, the connection's one output buffer.
///
/// Half-close: once the peer's input ends, the requests already received are still answered — held, awaited and
/// streamed answers too, whole — then the connection closes.
///
/// Shutdown (``drain(until:now:)``): the answer in flight is finished and written, with `Connection: close`; an
/// idle connection closes at once, and nothing more is read or answered; at the deadline whatever is left is cut.
package struct ConnectionMachine<Responder: ConnectionResponder> {
    /// Limits and timeouts, fixed for the connection's life.
    package struct Configuration {
        var limits: HTTP1Parser.Limits
        /// The body limit of requests whose limit is not ``HTTP1Parser/Limits/maxBodyBytes`` (``HTTP1Parser/bodyLimit``).
        var bodyLimit: (@Sendable (HTTP1Request) -> Int)?
        var idleTimeout: UInt64
        var requestTimeout: UInt64
        /// Pipelined requests are not answered while this many bytes wait to be written (a client that does not
        /// read its answers stops being read too).
        var outputHighWater = 256 * 1024
        /// While an answer is held, awaited or streamed, input is buffered up to this many bytes, then reading
        /// pauses.
        var inputLimitWhileBusy = 64 * 1024
        /// After answering 413 to a body over the limit, which the client may still be sending, the connection reads
        /// and discards for at most this long before it closes (``Phase/lingering(until:budget:)``).
        var lingerTimeout: UInt64 = 5_000_000_000
        /// … and at most this many bytes.
        var lingerBytes = 64 * 1_048_576
        /// Told of a transition the phase does not allow (a bug); the connection then closes. Asserts by default;
        /// the server counts it too, and tests observe the release path through it.
        var onIllegalTransition: @Sendable (ConnectionLifecycle.IllegalTransition) -> Void = {
            assertionFailure($0.description)
        }
    }

    typealias Phase = ConnectionLifecycle.Phase

    // State is internal so that the machine's extensions (+Input, +Replies) can change it; drivers only read it
    // and feed events. The phase changes only through the lifecycle's named transitions.
    let configuration: Configuration
    let responder: Responder
    var parser: HTTP1Parser
    var lifecycle: ConnectionLifecycle
    /// Where the connection is in its life (``ConnectionLifecycle``).
    var phase: Phase { lifecycle.phase }
    /// The connection's output buffer: every answer is serialized into it; `output[sent...]` is still to write.
    var output: [UInt8] = []
    var sent = 0
    /// When the first byte of the request being read arrived (while reading); drives the request timeout.
    var requestStarted: UInt64?
    /// When the connection was accepted, until its first request is complete: the first request must arrive whole
    /// within the request timeout from here, so a client that connects and sends nothing (or trickles) is closed
    /// after the request timeout, not the much longer idle timeout. Later requests on a kept-alive connection may
    /// wait an idle timeout for their first byte.
    var connectedAt: UInt64?
    /// The last time bytes came in or went out, or an answer was given; drives the idle timeout.
    var lastActivity: UInt64
    /// The peer will send nothing more (read returned 0).
    var inputClosed = false
    /// The source the driver has attached its waker to (``pollExternal(now:waker:)``).
    var attachedSource: ExternalSource?
    /// Set once the server stops: the end of its shutdown grace (``drain(until:now:)``).
    var drainDeadline: UInt64?
    /// The connection closes after rejecting a body over the limit: linger before closing
    /// (``Phase/lingering(until:budget:)``).
    var lingersOnClose = false
    /// Entered lingering and the driver has not yet shut the socket's sending side (``wantsWriteShutdown``).
    var writeShutdownPending = false

    init(configuration: Configuration, responder: Responder, now: UInt64) {
        self.configuration = configuration
        self.responder = responder
        self.parser = HTTP1Parser(limits: configuration.limits, bodyLimit: configuration.bodyLimit)
        self.lifecycle = ConnectionLifecycle(onIllegal: configuration.onIllegalTransition)
        self.lastActivity = now
        self.connectedAt = now
    }

    /// Whether the driver should close the socket now (anything unwritten is abandoned).
    package var isClosed: Bool { lifecycle.isClosed }

    /// Bytes queued and not yet written.
    package var pendingOutputCount: Int { output.count &- sent }

    /// Whether there is anything to write.
    package var hasPendingOutput: Bool { sent < output.count }

    /// Calls `body` with the bytes still to write.
    ///
    /// `mutating` although it changes nothing: a driver holds its machine in a class, and a non-mutating call there
    /// copied the whole machine around `body` (the `send`) and destroyed the copy after it, on every answer; the copy
    /// also shared the output buffer, so ``wrote(_:now:)`` could not reuse it and allocated a new one.
    package mutating func withPendingOutput<Result>(_ body: (UnsafeRawBufferPointer) -> Result) -> Result {
        output.withUnsafeBytes { bytes in body(UnsafeRawBufferPointer(rebasing: bytes[sent...])) }
    }

    /// Whether the driver should read from the socket: not after the input ended or while closing, and not while
    /// answers pile up unwritten or too much input waits behind a busy answer (backpressure).
    var wantsToRead: Bool {
        guard !inputClosed, pendingOutputCount < configuration.outputHighWater else { return false }
        if lifecycle.isReading || lifecycle.isLingering { return true }
        return lifecycle.isBusy && parser.bufferedByteCount < configuration.inputLimitWhileBusy
    }

    /// When the driver must call ``tick(now:)`` at the latest; `nil` when only I/O or another thread can move on.
    package var deadline: UInt64? {
        guard let drainDeadline else { return phaseDeadline }
        return min(phaseDeadline ?? drainDeadline, drainDeadline)
    }

    private var phaseDeadline: UInt64? {
        if lifecycle.isReading {
            if let started = connectedAt ?? requestStarted {
                return Nanoseconds.adding(configuration.requestTimeout, to: started)
            }
            return Nanoseconds.adding(configuration.idleTimeout, to: lastActivity)
        }
        if lifecycle.isClosing { return Nanoseconds.adding(configuration.idleTimeout, to: lastActivity) }
        return lifecycle.phaseUntil
    }

    /// The bytes `count` of ``withPendingOutput(_:)`` were written; carries on with requests that waited for room.
    package mutating func wrote(_ count: Int, now: UInt64) {
        sent = min(output.count, sent &+ max(0, count))
        lastActivity = now
        guard sent == output.count else { return }
        // Keep a normal buffer for the next answers; let a large one (a big journal export) go.
        output.removeAll(keepingCapacity: output.capacity <= 1 << 16)
        sent = 0
        if lifecycle.isClosing {
            closeWritten(now: now)
        } else if lifecycle.isReading, parser.bufferedByteCount > 0 || inputClosed {
            // An answer over the output high water left requests unparsed, or (input ended) the close undecided.
            advance(now: now)
        }
    }

    /// The server stops: the answer in flight — held, awaited (a journal export, or a wait that its producer ends
    /// with a final answer) or streamed (ended by its producer with a final event) — is finished and written with
    /// `Connection: close`, then the connection closes; a connection with no answer in flight closes once what is
    /// written has gone out (requests still arriving or not yet answered were never processed, so a client may
    /// safely send them again). At `deadline` whatever is left is cut (``tick(now:)``).
    package mutating func drain(until deadline: UInt64, now: UInt64) {
        guard drainDeadline == nil else { return }
        drainDeadline = deadline
        switch phase {
        case .reading:
            lifecycle.drainStarted(hasPendingOutput: hasPendingOutput)
        case .holding(let held, _):
            // A fault's delay is not worth a cut answer: it is released now.
            lifecycle.holdEnded()
            switch held {
            case .respond(let response, let facts): write(response, facts, now: now)
            case .drop: lifecycle.answerDropped()
            }
            if !hasPendingOutput { lifecycle.closed() }
        case .awaiting, .streaming, .closing, .lingering, .closed:
            break
        }
    }

    /// Closes at once: a failed read or write, or the server stopping. Cancels an awaited or streamed answer.
    package mutating func abort() {
        cancelSource()
        lifecycle.closed()
    }

    /// Cancels the source of an awaited or streamed answer, so its producer can stop.
    mutating func cancelSource() {
        switch phase {
        case .awaiting(let deferred, _, _, _): deferred.source.cancel()
        case .streaming(let stream, _, _): stream.source.cancel()
        default: break
        }
    }
}

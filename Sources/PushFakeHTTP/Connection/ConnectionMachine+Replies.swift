import PushFakeCore
import PushFakeHTTP1

extension ConnectionMachine {
    /// Serializes `response` into the output buffer; closes after it unless the request keeps the connection.
    mutating func write(_ response: FakeResponse, _ facts: RequestFacts, now: UInt64) {
        let keepAlive = facts.keepAlive && drainDeadline == nil
        response.serialize(
            keepAlive: keepAlive, headRequest: facts.isHead, requestVersion: facts.version,
            date: facts.date.date, into: &output)
        lastActivity = now
        lifecycle.answerQueued(keepAlive: keepAlive)
    }

    /// Writes the head of a streamed answer; chunks follow from ``external(_:now:)``.
    mutating func startStream(_ stream: ResponseStream, _ facts: RequestFacts, now: UInt64) {
        let framing = HTTP1Serializer.appendHead(
            HTTP1ResponseHead(status: stream.status, headers: stream.headers),
            framing: stream.contentLength.map { .length($0) } ?? .chunked,
            keepAlive: facts.keepAlive && drainDeadline == nil, requestVersion: facts.version, date: facts.date.date,
            into: &output)
        lastActivity = now
        guard !facts.isHead, !HTTP1ResponseHead.isBodyless(stream.status) else {
            // No body will be sent: the producer learns it at once.
            stream.source.cancel()
            lifecycle.answerQueued(keepAlive: facts.keepAlive && drainDeadline == nil && framing != .untilClose)
            return
        }
        lifecycle.streamStarted(stream, framing: framing, facts)
    }

    /// Another thread completed an awaited answer, pushed a chunk or ended a stream. Events that no longer fit the
    /// phase (a completion after the timeout answered) are ignored.
    mutating func external(_ event: ExternalEvent, now: UInt64) {
        switch (phase, event) {
        case (.awaiting(_, _, _, let facts), .completed(let response)):
            lifecycle.deferredEnded()
            write(response, facts, now: now)
            advance(now: now)
        case (.awaiting(_, _, _, var facts), .resolved(let reply, let date)):
            lifecycle.deferredEnded()
            lastActivity = now
            if let date { facts.date = date }
            carryOut(reply, facts, now: now)
            advance(now: now)
        case (.streaming(_, let framing, _), .chunk(let bytes)):
            if framing == .chunked {
                HTTP1Serializer.appendChunk(bytes, into: &output)
            } else {
                output.append(contentsOf: bytes)
            }
        case (.streaming(_, let framing, let facts), .end):
            lastActivity = now
            if framing == .chunked { output.append(contentsOf: HTTP1Serializer.lastChunk) }
            // A body delimited by the close ends only with the connection.
            lifecycle.streamEnded(keepAlive: facts.keepAlive && drainDeadline == nil && framing != .untilClose)
            advance(now: now)
        default:
            break
        }
    }

    /// The producer side cancelled (a stream whose client fell too far behind): the body cannot be completed, so
    /// the connection closes.
    mutating func externalCancelled() {
        switch phase {
        case .awaiting, .streaming: lifecycle.closed()
        default: break
        }
    }

    /// Whether the answer is awaited from, or streamed by, another thread (a long-poll, an events stream).
    package var isWaitingForAnotherThread: Bool { awaitedSource != nil }

    /// The source of the answer being awaited or streamed, if any.
    var awaitedSource: ExternalSource? { lifecycle.externalSource }

    /// The drivers' side of cross-thread answers: attaches `waker` to a newly awaited source, then feeds whatever
    /// the producer queued into the machine, until nothing is pending. Stream chunks are taken only while the
    /// output buffer has room, so a slow client backs up into the producer's queue (which then cancels).
    /// - Returns: whether the machine changed.
    @discardableResult
    package mutating func pollExternal(now: UInt64, waker: @autoclosure () -> any ConnectionWaker) -> Bool {
        var changed = false
        while let source = awaitedSource {
            if attachedSource !== source {
                attachedSource = source
                guard source.attach(waker()) else { return changed }
            }
            if case .streaming = phase, pendingOutputCount >= configuration.outputHighWater { return changed }
            let (events, cancelled) = source.drain()
            guard !events.isEmpty || cancelled else { return changed }
            changed = true
            for event in events { external(event, now: now) }
            if cancelled { externalCancelled() }
        }
        attachedSource = nil
        return changed
    }
}

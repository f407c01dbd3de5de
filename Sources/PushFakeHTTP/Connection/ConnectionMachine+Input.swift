import PushFakeCore
import PushFakeHTTP1

extension ConnectionMachine {
    /// Bytes arrived. While an answer is held, awaited or streamed they are only buffered: pipelined requests are
    /// answered in order.
    package mutating func received(_ bytes: UnsafeRawBufferPointer, now: UInt64) {
        if lifecycle.isClosing || lifecycle.isClosed { return }
        if lifecycle.isLingering {
            lifecycle.lingerDiscarded(bytes.count)
            return
        }
        parser.append(bytes)
        lastActivity = now
        if lifecycle.isReading { advance(now: now) }
    }

    /// The peer's input ended (read returned 0): answer what was received — held, awaited and streamed answers
    /// too, whole — then close. A half-closed client (`shutdown(SHUT_WR)` after its request) cannot be told from
    /// one that closed for good until a write fails, so the answer is written and the write decides.
    mutating func inputEnded(now: UInt64) {
        inputClosed = true
        switch phase {
        case .reading: advance(now: now)
        case .lingering: lifecycle.closed()
        case .holding, .awaiting, .streaming, .closing, .closed: break
        }
    }

    /// Time passed: releases a held answer, answers a long-poll that timed out, enforces the request and idle
    /// timeouts. Early or repeated ticks are harmless.
    package mutating func tick(now: UInt64) {
        if let drainDeadline, now >= drainDeadline {
            // The server's shutdown grace is over: what is still unanswered or unwritten is cut.
            abort()
            return
        }
        switch phase {
        case .holding(let held, let until) where now >= until:
            lifecycle.holdEnded()
            lastActivity = now
            switch held {
            case .respond(let response, let facts): write(response, facts, now: now)
            case .drop: lifecycle.answerDropped()
            }
            advance(now: now)
        case .awaiting(let deferred, let until?, let onTimeout, let facts) where now >= until:
            deferred.source.cancel()
            lifecycle.deferredEnded()
            write(onTimeout, facts, now: now)
            advance(now: now)
        case .reading:
            if let started = connectedAt ?? requestStarted {
                guard now >= Nanoseconds.adding(configuration.requestTimeout, to: started) else { return }
                // Bytes of a request came: answer 408 (journaled). None: nothing to answer, only close.
                if requestStarted != nil { reject(.timedOut, now: now) } else { lifecycle.closed() }
            } else if now >= Nanoseconds.adding(configuration.idleTimeout, to: lastActivity) {
                lifecycle.closed()
            }
        case .closing:
            // A peer that takes nothing of the last answer for an idle timeout is given up.
            if now >= Nanoseconds.adding(configuration.idleTimeout, to: lastActivity) { lifecycle.closed() }
        case .lingering(let until, _) where now >= until:
            lifecycle.closed()
        default:
            break
        }
    }

    /// Parses and answers buffered requests while reading and while there is room in the output buffer.
    mutating func advance(now: UInt64) {
        while lifecycle.isReading, pendingOutputCount < configuration.outputHighWater {
            switch parser.next() {
            case .request(let request):
                requestStarted = nil
                connectedAt = nil
                dispatch(request, now: now)
            case .continueExpected:
                output.append(contentsOf: HTTP1Serializer.continueResponse)
            case .error(let error):
                reject(.malformed(error), now: now)
            case .needMoreData:
                if parser.isMidRequest {
                    if requestStarted == nil { requestStarted = now }
                    // A request cut off by the end of the input can never complete.
                    if inputClosed { lifecycle.halfClosed() }
                } else if inputClosed {
                    lifecycle.halfClosed()
                }
                settle(now: now)
                return
            }
        }
        settle(now: now)
    }

    /// Closes a connection that is done: nothing left to write.
    private mutating func settle(now: UInt64) {
        if lifecycle.isClosing, !hasPendingOutput { closeWritten(now: now) }
    }

    private mutating func dispatch(_ request: consuming HTTP1Request, now: UInt64) {
        var facts = RequestFacts(
            keepAlive: request.keepAlive, isHead: request.method == "HEAD", version: request.version)
        let (reply, date) = responder.reply(to: request)
        facts.date = date
        carryOut(reply, facts, now: now)
    }

    /// Carries out the reply to a request: the handler's, or the one a deferred answer resolved to.
    mutating func carryOut(_ reply: ServerReply, _ facts: RequestFacts, now: UInt64) {
        switch reply {
        case .response(let response, let delay):
            if let until = Nanoseconds.deadline(after: delay, from: now) {
                lifecycle.answerHeld(.respond(response, facts), until: until)
            } else {
                write(response, facts, now: now)
            }
        case .drop(let delay):
            if let until = Nanoseconds.deadline(after: delay, from: now) {
                lifecycle.answerHeld(.drop, until: until)
            } else {
                lifecycle.answerDropped()
            }
        case .deferred(let deferred, let timeout, let onTimeout):
            let until = timeout.flatMap { Nanoseconds.deadline(after: $0, from: now) }
            lifecycle.answerDeferred(deferred, until: until, onTimeout: onTimeout, facts)
        case .stream(let stream):
            startStream(stream, facts, now: now)
        }
    }

    /// Answers a request the application never saw (malformed, too slow), journaled by the responder; then closes.
    private mutating func reject(_ rejection: ConnectionRejection, now: UInt64) {
        requestStarted = nil
        connectedAt = nil
        let (answer, date) = responder.reject(rejection, bytes: parser.requestBytes)
        answer.serialize(keepAlive: false, headRequest: false, date: date.date, into: &output)
        lastActivity = now
        lifecycle.requestRejected()
        // A client whose body is over the limit is most likely still sending it (ConnectionMachine+Linger.swift).
        if case .malformed(let error) = rejection, error.status == 413 { lingersOnClose = true }
        settle(now: now)
    }
}

#if os(Linux)
    import CPushFakeEpoll
    import Glibc
    import PushFakeCore

    /// One non-blocking connection of an event loop: reads, writes and epoll interest around a
    /// ``ConnectionMachine``, which holds all the protocol logic.
    final class LoopConnection {
        let fd: Int32
        private let loop: EventLoop
        /// Told once when the first bytes arrive (the server then never evicts this connection as silent).
        private let server: PushFakeServer
        private var spoke = false
        /// Only its loop's thread touches it, one call at a time, so Swift's run-time exclusivity check (a
        /// `swift_beginAccess` per call, about 150 instructions and a thread-local lookup, several calls an answer)
        /// has nothing to catch.
        @exclusivity(unchecked) private var machine: ConnectionMachine<ServerResponder>
        /// The epoll events registered now (EventLoop.adopt registers reading).
        private var interest = EPOLLIN.rawValue | EPOLLRDHUP.rawValue
        /// Whether this turn already built an answer by writing out the previous one (``flush(now:)``): the loop's
        /// other connections go first before this one writes again.
        private var refilledThisTurn = false

        init(fd: Int32, loop: EventLoop, server: PushFakeServer, machine: ConnectionMachine<ServerResponder>) {
            self.fd = fd
            self.loop = loop
            self.server = server
            self.machine = machine
        }

        /// Whether the machine is done; the loop then closes the descriptor. (Forwarded, not read through a
        /// `machine` getter, which would copy the machine.)
        var isClosed: Bool { machine.isClosed }

        /// When the loop must tick this connection at the latest.
        var deadline: UInt64? { machine.deadline }

        /// The socket is ready (`flags` from epoll): write what waits, read what came, answer, write again.
        func handle(_ flags: UInt32, buffer: UnsafeMutableRawBufferPointer, now: UInt64) {
            refilledThisTurn = false
            if flags & (EPOLLHUP.rawValue | EPOLLERR.rawValue) != 0 {
                // Both directions are gone (a reset, an error): nothing can be written any more.
                machine.abort()
                return
            }
            if flags & EPOLLOUT.rawValue != 0 { flush(now: now) }
            if flags & (EPOLLIN.rawValue | EPOLLRDHUP.rawValue) != 0 { read(buffer, now: now) }
            settle(now: now)
        }

        /// A producer on another thread queued something for this connection.
        func woken(now: UInt64) {
            refilledThisTurn = false
            settle(now: now)
        }

        /// A deadline of the machine passed (or the periodic sweep for timeouts).
        func tick(now: UInt64) {
            refilledThisTurn = false
            machine.tick(now: now)
            settle(now: now)
        }

        /// The server stops: finish the answer in flight, then close (``ConnectionMachine/drain(until:now:)``).
        func drain(until deadline: UInt64, now: UInt64) {
            refilledThisTurn = false
            machine.drain(until: deadline, now: now)
            settle(now: now)
        }

        /// The loop is stopping.
        func abort() {
            machine.abort()
        }

        /// Feeds cross-thread completions, writes everything queued with one `send` where the socket takes it, and
        /// updates epoll interest, until nothing changes.
        private func settle(now: UInt64) {
            repeat {
                flush(now: now)
            } while !machine.isClosed && machine.pollExternal(now: now, waker: LoopWaker(loop: loop, fd: fd))
            guard !machine.isClosed else { return }
            if machine.wantsWriteShutdown {
                _ = shutdown(fd, Int32(SHUT_WR))
                machine.didShutDownWrite()
            }
            var wanted: UInt32 = 0
            if machine.wantsToRead { wanted |= EPOLLIN.rawValue | EPOLLRDHUP.rawValue }
            if machine.hasPendingOutput { wanted |= EPOLLOUT.rawValue }
            if wanted != interest {
                interest = wanted
                _ = pushfake_epoll_ctl(loop.epoll, EPOLL_CTL_MOD, fd, wanted)
            }
        }

        /// Reads until the socket is drained, the machine wants no more, or the peer's input ends.
        private func read(_ buffer: UnsafeMutableRawBufferPointer, now: UInt64) {
            while machine.wantsToRead {
                let count = recv(fd, buffer.baseAddress, buffer.count, 0)
                if count > 0 {
                    if !spoke {
                        spoke = true
                        server.markSpoke(fd)
                    }
                    machine.received(UnsafeRawBufferPointer(rebasing: buffer[0..<count]), now: now)
                    if count < buffer.count { return }
                } else if count == 0 {
                    machine.inputEnded(now: now)
                    return
                } else if errno == EINTR {
                    continue
                } else {
                    if errno != EAGAIN && errno != EWOULDBLOCK { machine.abort() }
                    return
                }
            }
        }

        /// Writes until the output is flushed or the socket is full (then EPOLLOUT brings the loop back).
        ///
        /// Bounded work per wake-up: writing out the last byte lets the machine answer the next pipelined request
        /// (``ConnectionMachine/wrote(_:now:)``), and a client with deep socket buffers that pipelines journal
        /// exports would otherwise have the loop build export after export here while every other connection of
        /// the loop waits. So once the output has been refilled this way, the new answer waits for the next turn
        /// (EPOLLOUT stays set, and epoll is level-triggered), after the loop's other connections have had theirs.
        private func flush(now: UInt64) {
            guard !refilledThisTurn else { return }
            while machine.hasPendingOutput && !machine.isClosed {
                let pending = machine.pendingOutputCount
                let sent = machine.withPendingOutput { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                if sent > 0 {
                    machine.wrote(sent, now: now)
                    // Everything went out and the machine answered more: that answer is next turn's work.
                    if sent == pending && machine.hasPendingOutput {
                        refilledThisTurn = true
                        return
                    }
                } else if sent < 0 && errno == EINTR {
                    continue
                } else {
                    if sent == 0 || (errno != EAGAIN && errno != EWOULDBLOCK) { machine.abort() }
                    return
                }
            }
        }
    }
#endif

#if os(Linux)
    import Glibc

    /// What one event loop's thread owns: its connections and their timers.
    struct EventLoopState {
        let loop: EventLoop
        let server: PushFakeServer
        let responder: ServerResponder
        private(set) var connections: [Int32: LoopConnection] = [:]
        /// Connections whose deadline comes before the next sweep: ticked exactly on time.
        private var timed = Set<Int32>()
        private var nextSweep: UInt64
        /// The end of the server's shutdown grace, once the loop has seen the server stop.
        private(set) var drainDeadline: UInt64?

        init(loop: EventLoop, server: PushFakeServer) {
            self.loop = loop
            self.server = server
            self.responder = ServerResponder(server: server)
            self.nextSweep = EventLoop.now() &+ EventLoop.sweepInterval
        }

        /// The connection an epoll event on `fd` is for: made now when the event came before the loop read the
        /// adoption queue (taking `fd` out of it), `nil` when the event is stale — its connection was retired
        /// earlier in the same batch of events. A connection made for a closed descriptor would have no peer (so the
        /// admin API refused it) and would be found by the next connection given that descriptor number.
        mutating func connection(forEventOn fd: Int32, now: UInt64) -> LoopConnection? {
            if let existing = connections[fd] { return existing }
            let queued = loop.adopted.withLock { queue -> Bool in
                guard let index = queue.firstIndex(of: fd) else { return false }
                queue.remove(at: index)
                return true
            }
            return queued ? adopt(fd, now: now) : nil
        }

        /// Makes connections for the descriptors accepted since the last look; called after every `epoll_wait`.
        mutating func adoptPending(now: UInt64) {
            let fds = loop.adopted.withLock { queue -> [Int32] in
                defer { queue.removeAll(keepingCapacity: true) }
                return queue
            }
            for fd in fds where connections[fd] == nil { _ = adopt(fd, now: now) }
        }

        private mutating func adopt(_ fd: Int32, now: UInt64) -> LoopConnection {
            let machine = responder.makeMachine(now: now, peer: Socket(fd: fd).peerAddress())
            let connection = LoopConnection(fd: fd, loop: loop, server: server, machine: machine)
            connections[fd] = connection
            if let drainDeadline { connection.drain(until: drainDeadline, now: now) }
            return connection
        }

        /// The server stops: every connection finishes its answer in flight and closes (idle ones at once).
        mutating func drain(until deadline: UInt64, now: UInt64) {
            drainDeadline = deadline
            for (fd, connection) in connections {
                connection.drain(until: deadline, now: now)
                settled(fd)
            }
        }

        /// How long epoll may wait: until the next sweep or the earliest exact deadline.
        func waitMilliseconds(now: UInt64) -> Int32 {
            var deadline = nextSweep
            for fd in timed {
                if let due = connections[fd]?.deadline { deadline = min(deadline, due) }
            }
            guard deadline > now else { return 0 }
            return Int32(min((deadline - now + 999_999) / 1_000_000, UInt64(Int32.max)))
        }

        /// The eventfd fired: other threads have something for some connections.
        mutating func wokenUp(now: UInt64) {
            // Reset before taking the queue: a producer that queues after the take signals again (LoopWaker).
            loop.resetWake()
            let fds = loop.woken.withLock { queue -> [Int32] in
                defer { queue.removeAll(keepingCapacity: true) }
                return queue
            }
            for fd in fds {
                guard let connection = connections[fd] else { continue }
                connection.woken(now: now)
                settled(fd)
            }
        }

        /// After a connection handled something: retire it once closed, otherwise keep its deadline in view.
        mutating func settled(_ fd: Int32) {
            guard let connection = connections[fd] else { return }
            if connection.isClosed {
                retire(fd)
            } else if let due = connection.deadline, due < nextSweep {
                timed.insert(fd)
            } else {
                timed.remove(fd)
            }
        }

        /// Ticks connections whose deadline passed, and every connection once per sweep interval.
        mutating func runTimers(now: UInt64) {
            for fd in timed {
                guard let connection = connections[fd], let due = connection.deadline, due <= now else {
                    continue
                }
                connection.tick(now: now)
                settled(fd)
            }
            guard now >= nextSweep else { return }
            nextSweep = now &+ EventLoop.sweepInterval
            for (fd, connection) in connections {
                if let due = connection.deadline, due <= now { connection.tick(now: now) }
                settled(fd)
            }
        }

        /// The loop ends: cancels what connections still wait for and closes them.
        mutating func closeAll() {
            for (fd, connection) in connections {
                connection.abort()
                retire(fd)
            }
        }

        private mutating func retire(_ fd: Int32) {
            connections[fd] = nil
            timed.remove(fd)
            server.forgetConnection(fd)
            Glibc.close(fd)
        }
    }
#endif

#if os(Linux)
    import CPushFakeEpoll
    import Dispatch
    import Glibc
    import PushFakeCore

    /// An epoll loop on its own thread (Linux). A few loops serve every connection, so a handful of threads — not
    /// one per client — contend for the engine lock (PlatformNotes.md: 52–74k req/s against 38–53k).
    ///
    /// Each connection is a ``LoopConnection`` driving a ``ConnectionMachine``. The loop's eventfd wakes it when
    /// the server stops and when another thread has something for a connection (``LoopWaker``). Deadlines before
    /// the next sweep (held answers, long-poll timeouts) are kept to the millisecond; request and idle timeouts
    /// are checked by a sweep every 100 ms.
    struct EventLoop: Sendable {
        /// Its descriptors, which outlive the loop's thread for as long as anyone holds the loop.
        let descriptors: LoopDescriptors
        var epoll: Int32 { descriptors.epoll }
        /// An eventfd that wakes the loop: the server stops, or a connection was woken.
        var wake: Int32 { descriptors.wake }
        /// Connections woken by other threads since the loop last looked.
        let woken = Locked<[Int32]>([])
        /// Connections accepted since the loop last looked, so it starts their idle timers before their first byte.
        let adopted = Locked<[Int32]>([])

        static let sweepInterval: UInt64 = 100_000_000

        static func make() -> EventLoop? {
            let epoll = epoll_create1(Int32(EPOLL_CLOEXEC))
            guard epoll >= 0 else { return nil }
            let wake = eventfd(0, Int32(EFD_NONBLOCK | EFD_CLOEXEC))
            guard wake >= 0 else {
                Glibc.close(epoll)
                return nil
            }
            _ = pushfake_epoll_ctl(epoll, EPOLL_CTL_ADD, wake, EPOLLIN.rawValue)
            return EventLoop(descriptors: LoopDescriptors(epoll: epoll, wake: wake))
        }

        /// Hands a freshly accepted, non-blocking socket to this loop.
        ///
        /// Registered with epoll and queued under one lock, and the loop takes the queue after every `epoll_wait`
        /// before it handles events: so the loop has made the connection before it sees any event of the socket,
        /// and the queue never holds a descriptor that was closed meanwhile (which, once the number is reused,
        /// would give a new socket the state of an old one).
        func adopt(_ fd: Int32) -> Bool {
            adopted.withLock { queue in
                guard pushfake_epoll_ctl(epoll, EPOLL_CTL_ADD, fd, EPOLLIN.rawValue | EPOLLRDHUP.rawValue) == 0 else {
                    return false
                }
                queue.append(fd)
                return true
            }
        }

        func wakeUp() {
            var one: UInt64 = 1
            _ = write(wake, &one, MemoryLayout<UInt64>.size)
        }

        /// Runs until the server stops and its connections have drained (or the shutdown grace is over), then
        /// closes its connections and descriptors.
        func run(server: PushFakeServer) {
            var state = EventLoopState(loop: self, server: server)
            var events = [epoll_event](repeating: epoll_event(), count: 256)
            let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 65_536, alignment: 1)
            defer { buffer.deallocate() }
            var fairness = LoopFairness(now: Self.now())
            while true {
                let before = Self.now()
                let timeout = state.waitMilliseconds(now: before)
                let count = epoll_wait(epoll, &events, Int32(events.count), timeout)
                if count < 0, errno != EINTR { break }
                let now = Self.now()
                fairness.waited(from: before, to: now)
                // Once per batch: a stopping server drains every connection (the answers in flight are finished,
                // idle connections close), then the loop ends when none is left or the grace is over.
                if state.drainDeadline == nil, let deadline = server.drainDeadline {
                    state.drain(until: deadline, now: now)
                }
                state.adoptPending(now: now)
                for index in 0..<max(0, Int(count)) {
                    // A stopping server does not wait for the rest of a batch of busy connections: at most the
                    // answer being built now delays the drain, which begins at the top of the next turn.
                    if state.drainDeadline == nil, !server.isRunning { break }
                    let fd = withUnsafePointer(to: &events[index]) { pushfake_event_fd($0) }
                    if fd == wake {
                        state.wokenUp(now: now)
                        continue
                    }
                    guard let connection = state.connection(forEventOn: fd, now: now) else { continue }
                    connection.handle(events[index].events, buffer: buffer, now: now)
                    state.settled(fd)
                }
                let done = Self.now()
                state.runTimers(now: done)
                if let deadline = state.drainDeadline, state.connections.isEmpty || done >= deadline { break }
                fairness.yieldIfBusy(now: done)
            }
            // The descriptors close with the last holder of this loop (LoopDescriptors).
            state.closeAll()
        }

        /// Reads the eventfd back to zero, so the next wake-up is seen.
        func resetWake() {
            var value: UInt64 = 0
            _ = read(wake, &value, MemoryLayout<UInt64>.size)
        }

        static func now() -> UInt64 {
            DispatchTime.now().uptimeNanoseconds
        }
    }
#endif

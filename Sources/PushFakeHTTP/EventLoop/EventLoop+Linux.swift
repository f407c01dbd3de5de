#if os(Linux)
    import CPushFakeEpoll
    import Dispatch
    import Glibc
    import PushFakeCore

    /// An epoll loop on its own thread (Linux). A few loops serve every connection, so a handful of threads — not
    /// one per client — contend for the engine lock (PlatformNotes.md: 52–74k req/s against 38–53k).
    struct EventLoop: Sendable {
        let epoll: Int32
        /// An eventfd that wakes the loop when the server stops.
        let wake: Int32

        static func make() -> EventLoop? {
            let epoll = epoll_create1(Int32(EPOLL_CLOEXEC))
            guard epoll >= 0 else { return nil }
            let wake = eventfd(0, Int32(EFD_NONBLOCK | EFD_CLOEXEC))
            guard wake >= 0 else {
                Glibc.close(epoll)
                return nil
            }
            _ = pushfake_epoll_ctl(epoll, EPOLL_CTL_ADD, wake, EPOLLIN.rawValue)
            return EventLoop(epoll: epoll, wake: wake)
        }

        /// Hands a freshly accepted, non-blocking socket to this loop.
        func adopt(_ fd: Int32) -> Bool {
            pushfake_epoll_ctl(epoll, EPOLL_CTL_ADD, fd, EPOLLIN.rawValue | EPOLLRDHUP.rawValue) == 0
        }

        func wakeUp() {
            var one: UInt64 = 1
            _ = write(wake, &one, MemoryLayout<UInt64>.size)
        }

        /// Runs until the server stops, then closes its connections and descriptors.
        func run(server: PushFakeServer) {
            var connections: [Int32: LoopConnection] = [:]
            var delayed = Set<Int32>()
            var events = [epoll_event](repeating: epoll_event(), count: 256)
            let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 65_536, alignment: 1)
            defer { buffer.deallocate() }
            let sweepInterval: UInt64 = 100_000_000
            var nextSweep = DispatchTime.now().uptimeNanoseconds + sweepInterval
            running: while true {
                let now = DispatchTime.now().uptimeNanoseconds
                var deadline = nextSweep
                for fd in delayed {
                    if let due = connections[fd]?.pending?.deadline { deadline = min(deadline, due) }
                }
                let timeout = Int32(deadline > now ? (deadline - now + 999_999) / 1_000_000 : 0)
                let count = epoll_wait(epoll, &events, Int32(events.count), timeout)
                if count < 0, errno != EINTR { break }
                for index in 0..<max(0, Int(count)) {
                    let fd = withUnsafePointer(to: &events[index]) { pushfake_event_fd($0) }
                    let flags = events[index].events
                    if fd == wake {
                        guard server.isRunning else { break running }
                        continue
                    }
                    let connection: LoopConnection
                    if let existing = connections[fd] {
                        connection = existing
                    } else {
                        connection = LoopConnection(fd: fd, epoll: epoll, server: server)
                        connections[fd] = connection
                    }
                    if flags & EPOLLOUT.rawValue != 0 { connection.writable() }
                    if flags & (EPOLLIN.rawValue | EPOLLRDHUP.rawValue | EPOLLHUP.rawValue | EPOLLERR.rawValue) != 0 {
                        connection.readable(buffer, server: server)
                    }
                    if connection.pending != nil { delayed.insert(fd) }
                    if connection.isClosed { retire(fd, from: &connections, delayed: &delayed, server: server) }
                }
                let after = DispatchTime.now().uptimeNanoseconds
                for fd in delayed {
                    guard let connection = connections[fd], let due = connection.pending?.deadline else {
                        delayed.remove(fd)
                        continue
                    }
                    guard due <= after else { continue }
                    connection.releasePending(server: server)
                    if connection.pending == nil { delayed.remove(fd) }
                    if connection.isClosed { retire(fd, from: &connections, delayed: &delayed, server: server) }
                }
                if after >= nextSweep {
                    nextSweep = after + sweepInterval
                    for (fd, connection) in connections {
                        connection.checkTimeouts(now: after, server: server)
                        if connection.isClosed { retire(fd, from: &connections, delayed: &delayed, server: server) }
                    }
                }
            }
            for fd in connections.keys { retire(fd, from: &connections, delayed: &delayed, server: server) }
            Glibc.close(wake)
            Glibc.close(epoll)
        }

        private func retire(
            _ fd: Int32, from connections: inout [Int32: LoopConnection], delayed: inout Set<Int32>,
            server: PushFakeServer
        ) {
            connections[fd]?.close()
            connections[fd] = nil
            delayed.remove(fd)
            server.forgetConnection(fd)
            Glibc.close(fd)
        }
    }
#endif

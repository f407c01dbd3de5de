import Dispatch
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

extension PushFakeServer {
    /// Starts the event loops when the I/O model asks for them (Linux); `nil` for thread per connection.
    func startLoops() -> DispatchGroup? {
        #if os(Linux)
            guard configuration.ioModel == .eventLoop else { return nil }
            let range = ServerConfiguration.eventLoopCountRange
            let count = max(range.lowerBound, min(range.upperBound, configuration.eventLoopCount))
            let loops = (0..<count).compactMap { _ in EventLoop.make() }
            guard !loops.isEmpty else { return nil }
            let group = DispatchGroup()
            for (index, loop) in loops.enumerated() {
                group.enter()
                let thread = Thread { [self] in
                    Self.nameLoopThread(index)
                    loop.run(server: self)
                    group.leave()
                }
                thread.name = "pushfake-loop-\(index)"
                thread.start()
            }
            setLoops(loops)
            return group
        #else
            return nil
        #endif
    }

    /// Names the calling thread `pf-loop-<index>` for the kernel (Foundation's `Thread.name` stays inside the
    /// process on Linux, and Glibc's module does not export `pthread_setname_np`), so `top -H`, `perf` and tests
    /// see the loops: written to /proc/thread-self/comm, 15 bytes at most; nothing happens where that cannot be
    /// opened.
    private static func nameLoopThread(_ index: Int) {
        #if os(Linux)
            let fd = open("/proc/thread-self/comm", O_WRONLY | O_CLOEXEC)
            guard fd >= 0 else { return }
            let name = Array("pf-loop-\(index)".utf8.prefix(15))
            _ = name.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            close(fd)
        #endif
    }

    /// Hands an accepted connection to a loop; `false` when the server runs a thread per connection.
    func adoptIntoLoop(_ client: Socket, index: Int) -> Bool {
        #if os(Linux)
            let loops = currentLoops()
            guard !loops.isEmpty else { return false }
            let flags = fcntl(client.fd, F_GETFL, 0)
            _ = fcntl(client.fd, F_SETFL, flags | O_NONBLOCK)
            if loops[index % loops.count].adopt(client.fd) { return true }
            forgetConnection(client.fd)
            client.close()
            return true
        #else
            return false
        #endif
    }

    /// Wakes the loops so they see the server stopping and drain their connections.
    func wakeLoops() {
        #if os(Linux)
            for loop in currentLoops() { loop.wakeUp() }
        #endif
    }

    /// Waits for the loops to drain and close their connections, and closes any they never saw.
    func stopLoops() {
        #if os(Linux)
            let loops = currentLoops()
            guard !loops.isEmpty else { return }
            for loop in loops { loop.wakeUp() }
            waitForLoops()
            for socket in takeRemainingConnections() { socket.close() }
            setLoops([])
        #endif
    }
}

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
            let count = configuration.eventLoopCount
            let loops = (0..<count).compactMap { _ in EventLoop.make() }
            guard !loops.isEmpty else { return nil }
            let group = DispatchGroup()
            for (index, loop) in loops.enumerated() {
                group.enter()
                let thread = Thread { [self] in
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

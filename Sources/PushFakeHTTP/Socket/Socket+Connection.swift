#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What a thread-per-connection reader waits for: its socket, the server's stop pipe, its own wake pipe.
enum ConnectionReadiness {
    /// The socket has bytes, or hung up (the next `receive` says which).
    case readable
    /// The connection's wake pipe was signalled: an answer's producer has something.
    case woken
    /// The server is stopping.
    case stopped
    case timedOut
}

extension Socket {
    /// Polls the socket unless its input ended (for reading when `reading`; a hang-up is reported either way), the
    /// server's `stop` pipe (`nil` once the connection saw it: it stays readable) and the connection's `wake` pipe,
    /// for at most `milliseconds` (-1: no limit).
    func waitForConnection(
        reading: Bool, inputEnded: Bool, milliseconds: Int32, stop: WakePipe?, wake: WakePipe?
    ) -> ConnectionReadiness {
        // A tuple, not an array: no allocation per wait. A negative fd is ignored by poll(), so one call serves
        // with and without a wake pipe.
        var descriptors = (
            // After the peer's input ended poll() would report the hang-up forever: leave the socket out.
            pollfd(fd: inputEnded ? -1 : fd, events: reading ? Int16(POLLIN) : 0, revents: 0),
            pollfd(fd: stop?.readFD ?? -1, events: Int16(POLLIN), revents: 0),
            pollfd(fd: wake?.readFD ?? -1, events: Int16(POLLIN), revents: 0)
        )
        while true {
            let result = withUnsafeMutablePointer(to: &descriptors) { tuple in
                tuple.withMemoryRebound(to: pollfd.self, capacity: 3) { poll($0, 3, milliseconds) }
            }
            if result > 0 {
                if descriptors.1.revents != 0 { return .stopped }
                if descriptors.2.revents != 0 { return .woken }
                return .readable
            }
            if result == 0 { return .timedOut }
            if SocketSystem.lastError != EINTR { return .stopped }
        }
    }

    /// Writes every byte of `buffer`, blocking as needed; returns `buffer.count`, or 0 when the peer went away.
    func sendAll(_ buffer: UnsafeRawBufferPointer) -> Int {
        var offset = 0
        while offset < buffer.count {
            let sent = send(fd, buffer.baseAddress?.advanced(by: offset), buffer.count - offset, SocketSystem.sendFlags)
            if sent < 0 {
                if SocketSystem.lastError == EINTR { continue }
                return 0
            }
            offset += sent
        }
        return buffer.count
    }
}

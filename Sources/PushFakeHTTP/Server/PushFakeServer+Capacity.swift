import PushFakeCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What the server says about its connections in `GET /__pushfake/health`.
package struct ConnectionCounts: Equatable, Sendable {
    /// Connections served now.
    package var open: Int
    /// The cap in force (``ServerConfiguration/maxConnections``).
    package var max: Int
    /// Connections answered 503 and closed since the server was made.
    package var refused: Int

    package init(open: Int, max: Int, refused: Int) {
        self.open = open
        self.max = max
        self.refused = refused
    }
}

extension PushFakeServer {
    /// Open, allowed and refused connections.
    package var connectionCounts: ConnectionCounts {
        state.withLock { ConnectionCounts(open: $0.connections.count, max: $0.maxConnections, refused: $0.refused) }
    }

    /// Answers a connection the server will not serve — over ``ServerConfiguration/maxConnections`` or out of
    /// descriptors — with `503` and a JSON body, `Connection: close`, then closes it; counts and logs it. Runs on
    /// the accept thread and never blocks there: one small non-blocking `send` into a fresh socket's empty buffer.
    ///
    /// The write side is shut before closing and whatever the client already sent is read off first: closing with
    /// unread input would reset the connection, and a reset can overtake the answer.
    func refuse(_ client: Socket, reason: String) {
        // Counted before the client can see the close, so whoever it tells finds the count up to date.
        state.withLock { $0.refused &+= 1 }
        configuration.log?(
            RequestLogLine(method: "-", target: "-", status: 503, label: "refused", sequence: nil, note: reason))
        client.setNonBlocking(true)
        let bytes = FakeResponse.rejection(status: 503, reason: reason).serialized(keepAlive: false)
        _ = bytes.withUnsafeBytes { send(client.fd, $0.baseAddress, $0.count, SocketSystem.sendFlags) }
        _ = CSocket.shutdown(client.fd, SocketSystem.shutdownWrite)
        var scratch = [UInt8](repeating: 0, count: 4_096)
        for _ in 0..<16 {
            let count = scratch.withUnsafeMutableBytes { recv(client.fd, $0.baseAddress, $0.count, 0) }
            if count <= 0 { break }
        }
        client.close()
    }
}

import PushFakeCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A connection in the server's registry: its socket, its place in accept order, and whether it has sent a byte.
struct ServedConnection {
    let socket: Socket
    let serial: Int
    var spoke = false
}

/// What the server says about its connections in `GET /__pushfake/health`.
package struct ConnectionCounts: Equatable, Sendable {
    /// Connections served now.
    package var open: Int
    /// The cap in force (``ServerConfiguration/maxConnections``).
    package var max: Int
    /// Connections answered 503 and closed since the server was made.
    package var refused: Int
    /// Connections that had not sent a byte, closed at the cap to make room for a new one.
    package var evicted: Int
    /// Connections closed because their machine attempted a transition its phase does not allow: a bug, which
    /// release builds answer by closing the connection (``ConnectionLifecycle``). Zero unless something is wrong.
    package var broken: Int

    package init(open: Int, max: Int, refused: Int, evicted: Int = 0, broken: Int = 0) {
        self.open = open
        self.max = max
        self.refused = refused
        self.evicted = evicted
        self.broken = broken
    }
}

extension PushFakeServer {
    /// Open, allowed and refused connections.
    package var connectionCounts: ConnectionCounts {
        state.withLock {
            ConnectionCounts(
                open: $0.connections.count, max: $0.maxConnections, refused: $0.refused, evicted: $0.evicted,
                broken: $0.broken)
        }
    }

    /// A connection's machine attempted an illegal transition and closes: counted and logged, and a debug build
    /// stops at the assertion.
    func connectionBroke(_ report: ConnectionLifecycle.IllegalTransition) {
        state.withLock { $0.broken &+= 1 }
        configuration.log?(
            RequestLogLine(
                method: "-", target: "-", status: nil, label: "broken", sequence: nil, note: report.description))
        assertionFailure(report.description)
    }

    /// The connection on `fd` has sent its first byte: it is no longer a candidate for eviction.
    func markSpoke(_ fd: Int32) {
        state.withLock { $0.connections[fd]?.spoke = true }
    }

    /// At the cap, makes room by closing the oldest connection that has not sent a single byte — what connect-only
    /// sockets (an attack, a pool that connects ahead and never uses it) look like — so a client with a request to
    /// make is served instead of refused until those time out. Returns `false` when every connection has spoken.
    ///
    /// Runs under the state lock: a connection still in the registry has not been closed by its owner yet (owners
    /// leave the registry before they close), so its descriptor is still its own. `shutdown()` wakes the owner, an
    /// event loop or a connection thread, which sees the input end with no request and closes it without an answer.
    static func evictSilent(_ state: inout ServerState) -> Bool {
        var victim: ServedConnection?
        for connection in state.connections.values where !connection.spoke {
            if victim.map({ connection.serial < $0.serial }) ?? true { victim = connection }
        }
        guard let victim else { return false }
        victim.socket.shutdown()
        state.connections[victim.socket.fd] = nil
        state.evicted &+= 1
        return true
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
        let bytes = FakeResponse.rejection(status: 503, reason: reason).serialized(
            keepAlive: false, date: fake.httpDate)
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

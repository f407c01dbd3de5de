import PushFakeHTTP

/// A client connection without a socket: requests go into a ``ConnectionMachine`` of the server's responder, and
/// what it writes comes back. Time is synthetic (it moves only to release a fault delay), so runs are repeatable.
struct EngineFuzzConnection {
    static let second: UInt64 = 1_000_000_000

    let responder: ServerResponder
    var machine: ConnectionMachine<ServerResponder>
    var now: UInt64 = 100 * second

    init(server: PushFakeServer) {
        responder = ServerResponder(server: server)
        machine = responder.makeMachine(now: now, peer: .loopback)
    }

    /// What one request produced.
    struct Written {
        var bytes: [UInt8] = []
        /// The connection closed after (or instead of) answering.
        var closed = false
        /// The harness hung up on a long-poll or a stream.
        var hungUp = false
    }

    /// Sends `request` on this connection (a new one if the last closed) and collects everything written for it.
    mutating func send(_ request: EngineFuzzRequest) -> Written {
        if machine.isClosed { machine = responder.makeMachine(now: now, peer: .loopback) }
        var written = Written()
        let bytes = request.wireBytes
        let now = self.now
        bytes.withUnsafeBytes { machine.received($0, now: now) }
        collect(into: &written)
        // A fault delay holds the answer until the machine's deadline: jump there (a few times at most, so a bug
        // cannot loop).
        var ticks = 0
        while written.bytes.isEmpty, !machine.isClosed, !machine.isWaitingForAnotherThread,
            let deadline = machine.deadline, ticks < 4
        {
            self.now = max(self.now, deadline)
            machine.tick(now: self.now)
            collect(into: &written)
            ticks += 1
        }
        if machine.isWaitingForAnotherThread {
            // A long-poll answered by the handler itself is already queued: take it; otherwise hang up.
            machine.pollExternal(now: self.now, waker: NoWaker())
            collect(into: &written)
            if machine.isWaitingForAnotherThread {
                machine.abort()
                written.hungUp = true
            }
        }
        written.closed = machine.isClosed
        return written
    }

    /// Takes what the machine queued, as a driver writing it all would.
    private mutating func collect(into written: inout Written) {
        let bytes = machine.withPendingOutput { Array($0) }
        if !bytes.isEmpty { machine.wrote(bytes.count, now: now) }
        written.bytes += bytes
    }

    /// The client goes away: anything awaited is cancelled.
    mutating func close() {
        machine.abort()
    }
}

/// The harness polls instead of sleeping, so wake-ups are not needed.
struct NoWaker: ConnectionWaker {
    func wake() {}
}

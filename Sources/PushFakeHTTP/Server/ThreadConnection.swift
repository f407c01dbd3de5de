import Dispatch
import PushFakeCore

/// One client connection on its own thread, the portable I/O model (what macOS runs): a blocking socket driven
/// through a ``ConnectionMachine``, which holds all the protocol logic. This only reads, writes, polls and keeps
/// time.
///
/// It never blocks in `recv()` alone: it polls the socket with the server's stop pipe (WakePipe.swift says why)
/// and, once an answer waits for another thread, with a wake pipe of its own that the answer's producer signals.
struct ThreadConnection {
    let socket: Socket
    /// The server's stop signal.
    let stop: WakePipe
    /// The end of the server's shutdown grace, read once the stop signal came.
    let drainDeadline: () -> UInt64?
    /// Whether the stop signal came: the connection drains (``ConnectionMachine/drain(until:now:)``).
    private var draining = false
    var machine: ConnectionMachine<ServerResponder>
    /// Called once, when the first bytes arrive (the server then never evicts this connection as silent).
    private var spoke: (() -> Void)?
    /// Made when the first answer waits for another thread; most connections never need one.
    private var wake: WakePipe?

    init(
        socket: Socket, stop: WakePipe, drainDeadline: @escaping () -> UInt64?,
        machine: ConnectionMachine<ServerResponder>, spoke: @escaping () -> Void
    ) {
        self.socket = socket
        self.stop = stop
        self.drainDeadline = drainDeadline
        self.machine = machine
        self.spoke = spoke
    }

    mutating func run() {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 65_536, alignment: 1)
        defer {
            buffer.deallocate()
            machine.abort()
        }
        while true {
            var now = Self.now()
            if machine.awaitedSource != nil, wake == nil {
                wake = WakePipe()
                if wake == nil { return }
            }
            // Feed what other threads queued and write it, until nothing moves: a body handed over whole is taken a
            // piece at a time as the output drains, with nobody to signal the wake pipe for the next piece.
            repeat {
                guard flush() else { return }
            } while !machine.isClosed && pollExternal(now: &now)
            if machine.isClosed { return }
            if machine.wantsWriteShutdown {
                socket.shutdownWrite()
                machine.didShutDownWrite()
            }
            if let deadline = machine.deadline, deadline <= now {
                machine.tick(now: now)
                continue
            }
            let milliseconds = machine.deadline.map { Self.milliseconds(until: $0, from: now) } ?? -1
            let readiness = socket.waitForConnection(
                reading: machine.wantsToRead, inputEnded: machine.inputClosed, milliseconds: milliseconds,
                stop: draining ? nil : stop, wake: wake)
            now = Self.now()
            switch readiness {
            case .stopped:
                // The answer in flight is finished within the grace; `stop()` shuts the socket down after it, which
                // also wakes a write blocked on a client that does not read.
                draining = true
                machine.drain(until: drainDeadline() ?? now, now: now)
            case .woken:
                wake?.drain()
            case .timedOut:
                machine.tick(now: now)
            case .readable:
                let count = socket.receive(into: buffer)
                if count > 0 {
                    if let first = spoke {
                        first()
                        spoke = nil
                    }
                    machine.received(UnsafeRawBufferPointer(rebasing: buffer[0..<count]), now: now)
                } else if count == 0 {
                    machine.inputEnded(now: now)
                } else {
                    return
                }
            }
        }
    }

    /// Feeds the machine what the awaited answer's producer queued; whether anything changed.
    private mutating func pollExternal(now: inout UInt64) -> Bool {
        guard let wake, machine.awaitedSource != nil else { return false }
        now = Self.now()
        return machine.pollExternal(now: now, waker: wake)
    }

    /// Writes everything queued (blocking; `stop()` wakes a stuck write by shutting the socket down once the shutdown
    /// grace is over). `false` when the peer is gone.
    private mutating func flush() -> Bool {
        while machine.hasPendingOutput {
            let written = machine.withPendingOutput { socket.sendAll($0) }
            guard written > 0 else { return false }
            machine.wrote(written, now: Self.now())
        }
        return true
    }

    private static func now() -> UInt64 {
        DispatchTime.now().uptimeNanoseconds
    }

    /// Milliseconds from `now` to `deadline`, rounded up so the tick comes after it, at most `Int32.max`.
    private static func milliseconds(until deadline: UInt64, from now: UInt64) -> Int32 {
        guard deadline > now else { return 0 }
        let rounded = (deadline - now) / 1_000_000 + 1
        return rounded >= UInt64(Int32.max) ? Int32.max : Int32(rounded)
    }
}

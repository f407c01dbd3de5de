import Dispatch
import Foundation
import PushFakeCore

/// A live HTTP/1.1 host for a ``PushFake`` engine: POSIX sockets, epoll loops on Linux or a thread per connection
/// elsewhere (``ServerConfiguration/IOModel``), no dependencies.
///
/// Binds `127.0.0.1` port 0 by default and reports the port the kernel chose, so parallel tests never race for a
/// port. `stop()` is idempotent, and a stopped server can start again.
///
/// ```swift
/// let server = PushFakeServer()
/// try server.start()
/// defer { server.stop() }
/// var request = URLRequest(url: server.tpnsBaseURL.appendingPathComponent("api/device/register"))
/// ```
public final class PushFakeServer: Sendable {
    /// The engine that answers vendor traffic; the admin API under `/__pushfake/` controls the same engine.
    public let fake: PushFake
    /// How the server listens; fixed for its lifetime, including restarts.
    public let configuration: ServerConfiguration
    /// The isolated engines under `/i/{id}/…` (`POST /__pushfake/instances`).
    package let instances: InstanceRegistry
    /// The events hub of each engine that has had a subscriber, by engine (PushFakeServer+Held.swift).
    let eventHubs = Locked(EventHubs())
    /// The waits held open, by engine: ended at once when their instance is deleted or the server stops.
    package let heldReplies = HeldReplies()
    /// Sees every request first (``ServerReply``, `ServerReply.swift`); `nil` for the public initializer.
    let handler: RequestHandler?
    let state = Locked(ServerState())
    /// Engines with large requests pending on a worker (``HeavyRequests``).
    package let heavyRequests = HeavyRequests()
    /// The admin operations it serves: PushFake's own and the configuration's extras.
    package let adminOperations: AdminOperationTable

    struct ServerState {
        var listener: Socket?
        /// Signalled by `stop()`; every thread of this generation polls it (WakePipe.swift).
        var wake: WakePipe?
        var port = 0
        var running = false
        var generation = 0
        var connections: [Int32: ServedConnection] = [:]
        /// Numbers connections in accept order, so the oldest silent one is the one evicted at the cap.
        var nextSerial = 0
        /// Connections answered 503 and closed at once: over ``ServerConfiguration/maxConnections`` or out of
        /// descriptors (since the server was made; a restart keeps counting).
        var refused = 0
        /// Silent connections closed at the cap to make room (``PushFakeServer/evictSilent(_:)``).
        var evicted = 0
        /// Connections closed after their machine attempted an illegal transition (a bug; ``ConnectionLifecycle``).
        var broken = 0
        /// The connection cap in force since the last start (``ServerConfiguration/maxConnections``).
        var maxConnections = 0
        var acceptThreadDone: DispatchSemaphore?
        var loopsDone: DispatchGroup?
        /// Set by `stop()`: the end of the shutdown grace (``ServerConfiguration/shutdownGrace``), as
        /// `DispatchTime` uptime nanoseconds, the clock of every connection.
        var drainDeadline: UInt64?
        #if os(Linux)
            var loops: [EventLoop] = []
        #endif
    }

    /// Creates a stopped server for `fake`; nothing is bound until ``start()``. Also ignores `SIGPIPE` process-wide,
    /// so a client that hangs up mid-response cannot kill the test process.
    public convenience init(fake: PushFake = PushFake(), configuration: ServerConfiguration = ServerConfiguration()) {
        self.init(fake: fake, configuration: configuration, firstHandler: nil)
    }

    /// A server whose `handler` sees every request before the admin API and the engine, and may answer it with any
    /// ``ServerReply`` (a deferred or streamed one included); returning `nil` lets the request through.
    package convenience init(
        fake: PushFake = PushFake(), configuration: ServerConfiguration = ServerConfiguration(),
        handler: @escaping RequestHandler
    ) {
        self.init(fake: fake, configuration: configuration, firstHandler: handler)
    }

    private init(fake: PushFake, configuration: ServerConfiguration, firstHandler: RequestHandler?) {
        self.fake = fake
        self.configuration = configuration
        self.instances = InstanceRegistry(limit: configuration.maxInstances)
        self.adminOperations = AdminOperationTable(extras: configuration.adminOperations)
        self.handler = firstHandler
        SocketSystem.ignoreSIGPIPE()
    }

    /// Binds, listens and starts accepting. Throws ``PushFakeError`` when the address cannot be used.
    public func start() throws(PushFakeError) {
        let alreadyRunning = state.withLock { $0.running }
        if alreadyRunning { return }
        let (listener, port) = try Socket.listen(host: configuration.host, port: configuration.port)
        guard let wake = WakePipe() else {
            listener.close()
            throw PushFakeError.cannotBind(host: configuration.host, port: port, errno: SocketSystem.lastError)
        }
        let done = DispatchSemaphore(value: 0)
        reopenHeld()
        let loops = startLoops()
        let generation = state.withLock { state in
            state.drainDeadline = nil
            state.listener = listener
            state.wake = wake
            state.port = port
            state.running = true
            state.generation += 1
            state.acceptThreadDone = done
            state.loopsDone = loops
            state.maxConnections = max(1, configuration.maxConnections ?? ServerConfiguration.defaultMaxConnections)
            return state.generation
        }
        let thread = Thread { [self] in
            acceptLoop(listener, wake: wake, generation: generation)
            done.signal()
        }
        thread.name = "pushfake-accept"
        thread.start()
    }

    /// Shuts down like a trusted server: stops accepting, ends held waits (503) and event streams (a final `end`
    /// event), lets the answers in flight finish for at most ``ServerConfiguration/shutdownGrace`` seconds while
    /// idle connections close at once, then closes what is left. Returns when that is done. Safe to call twice.
    public func stop() {
        let grace = Nanoseconds.from(seconds: configuration.shutdownGrace)
        let stopping = state.withLock { state -> (wake: WakePipe, done: DispatchSemaphore?, deadline: UInt64)? in
            guard state.running, let wake = state.wake else { return nil }
            state.running = false
            let deadline = Nanoseconds.adding(grace, to: DispatchTime.now().uptimeNanoseconds)
            state.drainDeadline = deadline
            defer {
                state.listener = nil
                state.wake = nil
                state.acceptThreadDone = nil
            }
            return (wake, state.acceptThreadDone, deadline)
        }
        guard let (wake, done, deadline) = stopping else { return }
        // The accept loop and the connection threads poll the wake pipe, the event loops their eventfd: the
        // listener closes, and every connection drains (ConnectionMachine.drain(until:now:)).
        wake.signal()
        wakeLoops()
        // Held waits and event streams would last until the grace is over: they end now, with a final answer.
        closeHeld()
        done?.wait()
        waitForConnections(until: deadline)
        stopLoops()
    }

    /// Waits until every thread-per-connection connection has closed or the grace is over, then shuts down the
    /// sockets still open: that wakes a thread blocked writing to a client that does not read (shutdown() works for
    /// connected sockets on Darwin too, PlatformNotes.md). Event loops end their own connections at the deadline.
    private func waitForConnections(until deadline: UInt64) {
        while DispatchTime.now().uptimeNanoseconds < deadline, state.withLock({ !$0.connections.isEmpty }) {
            usleep(2_000)
        }
        // Under the lock: an owner leaves the registry before it closes, so each descriptor is still its socket's.
        state.withLock { state in
            for connection in state.connections.values { connection.socket.shutdown() }
        }
    }

    /// The end of the shutdown grace once ``stop()`` has begun; `nil` while running.
    var drainDeadline: UInt64? { state.withLock { $0.drainDeadline } }

    /// Whether the server is between ``start()`` and ``stop()``.
    public var isRunning: Bool { state.withLock { $0.running } }

    /// The bound port (0 before the first start).
    public var port: Int { state.withLock { $0.port } }

    /// `http://127.0.0.1:PORT` (IPv6 hosts in brackets).
    public var baseURL: URL {
        let host = configuration.host.contains(":") ? "[\(configuration.host)]" : configuration.host
        let printable = host == "0.0.0.0" ? "127.0.0.1" : (host == "[::]" ? "[::1]" : host)
        return URL(string: "http://\(printable):\(port)") ?? URL(fileURLWithPath: "/")
    }

    #if os(Linux)
        func setLoops(_ loops: [EventLoop]) { state.withLock { $0.loops = loops } }
        func currentLoops() -> [EventLoop] { state.withLock { $0.loops } }
    #endif

    func waitForLoops() {
        let group = state.withLock { state -> DispatchGroup? in
            defer { state.loopsDone = nil }
            return state.loopsDone
        }
        group?.wait()
    }

    /// Connections still registered after the loops exited (accepted but never read), for closing.
    func takeRemainingConnections() -> [Socket] {
        state.withLock { state in
            defer { state.connections.removeAll() }
            return state.connections.values.map(\.socket)
        }
    }

    /// Accepts until `wake` is signalled: polls the non-blocking listener together with the wake pipe, never
    /// blocking in `accept()` itself, so it stops the same way on Linux and Darwin.
    ///
    /// Out of descriptors (EMFILE, ENFILE), it gives up its reserve descriptor to accept the waiting connection and
    /// answer it 503 (``refuse(_:reason:)``), so clients learn why instead of hanging in the backlog; when even that
    /// fails it backs off 10 ms: never a busy loop, never an accept loop that stops for good.
    private func acceptLoop(_ listener: Socket, wake: WakePipe, generation: Int) {
        var reserve = DescriptorBudget.openReserve()
        defer {
            listener.close()
            if reserve >= 0 { _ = CSocket.close(reserve) }
        }
        var next = 0
        while true {
            switch listener.waitReadable(milliseconds: -1, wake: wake) {
            case .closed: return
            case .timedOut, .readable: break
            }
            if reserve < 0 { reserve = DescriptorBudget.openReserve() }
            accepting: while true {
                switch listener.accept() {
                case .connection(let client):
                    guard serve(client, wake: wake, generation: generation, loopIndex: next) else { return }
                    next &+= 1
                case .none:
                    break accepting
                case .outOfDescriptors:
                    if reserve >= 0 {
                        _ = CSocket.close(reserve)
                        if case .connection(let client) = listener.accept() {
                            refuse(client, reason: "the server is out of file descriptors")
                        }
                        reserve = DescriptorBudget.openReserve()
                    }
                    // Back off instead of spinning; connections will close and free descriptors.
                    if reserve < 0 { usleep(10_000) }
                    break accepting
                case .failed:
                    return
                }
            }
        }
    }

    /// Hands an accepted connection to an event loop or its own thread; `false` once the server is stopping.
    private func serve(_ client: Socket, wake: WakePipe, generation: Int, loopIndex: Int) -> Bool {
        let accepted = state.withLock { state -> Bool? in
            guard state.running, state.generation == generation else { return false }
            guard state.connections.count < state.maxConnections || Self.evictSilent(&state) else { return nil }
            state.connections[client.fd] = ServedConnection(socket: client, serial: state.nextSerial)
            state.nextSerial &+= 1
            return true
        }
        guard let accepted else {
            let limit = state.withLock { $0.maxConnections }
            refuse(client, reason: "too many connections: this server serves at most \(limit) at once")
            return true
        }
        guard accepted else {
            client.close()
            return false
        }
        if adoptIntoLoop(client, index: loopIndex) { return true }
        let responder = ServerResponder(server: self)
        let thread = Thread { [self] in
            var connection = ThreadConnection(
                socket: client, stop: wake, drainDeadline: { [self] in drainDeadline },
                machine: responder.makeMachine(peer: client.peerAddress()), spoke: { [self] in markSpoke(client.fd) })
            connection.run()
            state.withLock { _ = $0.connections.removeValue(forKey: client.fd) }
            client.close()
        }
        thread.stackSize = 1 << 20
        thread.name = "pushfake-connection"
        thread.start()
        return true
    }

    /// Forgets a connection an event loop closed.
    func forgetConnection(_ fd: Int32) {
        _ = state.withLock { $0.connections.removeValue(forKey: fd) }
    }
}

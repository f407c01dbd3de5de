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
    /// The events hub of each engine that has had a subscriber, by engine.
    private let eventHubs = Locked([ObjectIdentifier: EventHub]())
    /// Sees every request first (``ServerReply``, `ServerReply.swift`); `nil` for the public initializer.
    let handler: RequestHandler?
    let state = Locked(ServerState())
    /// Engines with large requests pending on a worker (``HeavyRequests``).
    package let heavyRequests = HeavyRequests()

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
        /// The connection cap in force since the last start (``ServerConfiguration/maxConnections``).
        var maxConnections = 0
        var acceptThreadDone: DispatchSemaphore?
        var loopsDone: DispatchGroup?
        #if os(Linux)
            var loops: [EventLoop] = []
        #endif
    }

    /// Creates a stopped server for `fake`; nothing is bound until ``start()``. Also ignores `SIGPIPE` process-wide,
    /// so a client that hangs up mid-response cannot kill the test process.
    public init(fake: PushFake = PushFake(), configuration: ServerConfiguration = ServerConfiguration()) {
        self.fake = fake
        self.configuration = configuration
        self.instances = InstanceRegistry(limit: configuration.maxInstances)
        self.handler = nil
        SocketSystem.ignoreSIGPIPE()
    }

    /// A server whose `handler` sees every request before the admin API and the engine, and may answer it with any
    /// ``ServerReply`` (a deferred or streamed one included); returning `nil` lets the request through.
    package init(
        fake: PushFake = PushFake(), configuration: ServerConfiguration = ServerConfiguration(),
        handler: @escaping RequestHandler
    ) {
        self.fake = fake
        self.configuration = configuration
        self.instances = InstanceRegistry(limit: configuration.maxInstances)
        self.handler = handler
        SocketSystem.ignoreSIGPIPE()
    }

    /// The events hub of `engine` (the server's or an instance's), made on first use.
    package func eventHub(for engine: PushFake) -> EventHub {
        eventHubs.withLock { hubs in
            if let hub = hubs[ObjectIdentifier(engine)] { return hub }
            let hub = EventHub(
                engine: engine, heartbeat: configuration.eventsHeartbeat, bufferBytes: configuration.eventsBufferBytes,
                redaction: configuration.recordingRedaction)
            hubs[ObjectIdentifier(engine)] = hub
            return hub
        }
    }

    /// Ends the event streams of `engine` and forgets its hub (an instance was deleted).
    package func endEvents(of engine: PushFake) {
        let hub = eventHubs.withLock { $0.removeValue(forKey: ObjectIdentifier(engine)) }
        hub?.finishAll()
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
        let loops = startLoops()
        let generation = state.withLock { state in
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

    /// Stops accepting and closes every connection, held, awaited and streamed answers included. Safe to call twice.
    public func stop() {
        let (wake, connections, done) = state.withLock { state -> (WakePipe?, [Socket], DispatchSemaphore?) in
            guard state.running else { return (nil, [], nil) }
            state.running = false
            let snapshot = (state.wake, state.connections.values.map(\.socket), state.acceptThreadDone)
            state.listener = nil
            state.wake = nil
            state.acceptThreadDone = nil
            return snapshot
        }
        guard let wake else { return }
        // The accept loop and connection threads poll the wake pipe; shutdown() also wakes a thread blocked
        // writing to a connected socket (it works for connected sockets on Darwin too, PlatformNotes.md).
        wake.signal()
        for connection in connections { connection.shutdown() }
        done?.wait()
        stopLoops()
    }

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
                socket: client, stop: wake, machine: responder.makeMachine(peer: client.peerAddress()),
                spoke: { [self] in markSpoke(client.fd) })
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

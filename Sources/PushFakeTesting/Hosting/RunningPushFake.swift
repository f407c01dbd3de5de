import Foundation
import PushFakeCore
import PushFakeHTTP
import PushFakeURLProtocol

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A ``PushFake`` engine running on a transport, with the URLs to give your code and the assertion helpers.
///
/// Most tests get one from ``withPushFake(_:configuration:strict:fileID:filePath:line:column:_:)``; setUp/tearDown
/// users call ``start(_:configuration:)`` and ``stop()``. Engine queries are available directly
/// (`fake.journal`, `fake.deliveries`, `fake.inject(…)`), or through ``engine``.
@dynamicMemberLookup
public final class RunningPushFake: Sendable {
    /// The engine behind the transport, for calls the shortcuts below do not cover.
    public let engine: PushFake
    /// How requests reach ``engine``.
    public let transport: PushFakeTransport
    /// `http://127.0.0.1:PORT` (live) or `http://pushfake-N.invalid` (URLProtocol).
    public let baseURL: URL
    /// The live server, when ``transport`` is `.live`.
    public let server: PushFakeServer?
    private let host: String?
    /// Journal entries some assertion accounted for (`assertNoOtherRequests`).
    let verified = Locked(Set<Int>())

    private init(engine: PushFake, transport: PushFakeTransport, baseURL: URL, server: PushFakeServer?, host: String?) {
        self.engine = engine
        self.transport = transport
        self.baseURL = baseURL
        self.server = server
        self.host = host
    }

    /// Starts a fake on `transport`, serving `vendors` (TPNS and TwinPush unless told otherwise). Pair with
    /// ``stop()``.
    public static func start(
        _ transport: PushFakeTransport = .live, configuration: PushFakeConfiguration = PushFakeConfiguration(),
        vendors: VendorRegistry = .standard
    ) throws -> RunningPushFake {
        let engine = PushFake(configuration, vendors: vendors)
        switch transport.kind {
        case .live:
            let server = PushFakeServer(fake: engine)
            try server.start()
            return RunningPushFake(
                engine: engine, transport: transport, baseURL: server.baseURL, server: server, host: nil)
        case .urlProtocol:
            let host = PushFakeURLProtocol.register(engine)
            let baseURL = URL(string: "http://\(host)") ?? URL(fileURLWithPath: "/")
            return RunningPushFake(engine: engine, transport: transport, baseURL: baseURL, server: nil, host: host)
        }
    }

    /// Stops the server or unregisters the URLProtocol host. Safe to call twice.
    public func stop() {
        server?.stop()
        if let host { PushFakeURLProtocol.unregister(host: host) }
    }

    /// A session that reaches this fake: plain ephemeral for `.live`, with ``PushFakeURLProtocol`` for
    /// `.urlProtocol`. Pass your own configuration to keep its other settings.
    public func makeURLSession(configuration: URLSessionConfiguration = .ephemeral) -> URLSession {
        // A copy: the caller's configuration object is left as it was.
        let configuration = (configuration.copy() as? URLSessionConfiguration) ?? configuration
        if transport == .urlProtocol {
            configuration.protocolClasses = [PushFakeURLProtocol.self] + (configuration.protocolClasses ?? [])
        }
        configuration.urlCache = nil
        return URLSession(configuration: configuration)
    }

    /// Engine properties, e.g. `fake.journal`, `fake.deliveries`, `fake.faultRules`, `fake.now`.
    public subscript<Value>(dynamicMember keyPath: KeyPath<PushFake, Value>) -> Value {
        engine[keyPath: keyPath]
    }

    // MARK: Engine calls tests use most

    /// Adds a fault rule to the engine; see ``PushFake/inject(_:when:scope:)``.
    /// - Returns: the rule's id, for `removeFault(id:)`.
    @discardableResult
    public func inject(_ fault: Fault, when matcher: RequestMatcher = .any, scope: FaultScope = .once) -> String {
        engine.inject(fault, when: matcher, scope: scope)
    }

    /// The journal entries `matcher` accepts, oldest first.
    public func entries(matching matcher: RequestMatcher = .any) -> [JournalEntry] {
        engine.entries(matching: matcher)
    }

    /// Deliveries to one device (TPNS `deviceId` or TwinPush device id), optionally of one vendor.
    public func deliveries(to deviceID: String, vendor: Vendor? = nil) -> [Delivery] {
        engine.deliveries(to: deviceID, vendor: vendor)
    }

    /// Deliveries of one notification (TPNS send id or TwinPush notification id).
    public func deliveries(ofNotification notificationID: String) -> [Delivery] {
        engine.deliveries(ofNotification: notificationID)
    }

    /// Moves the fake clock forward by `interval` seconds, releasing scheduled TwinPush notifications that fall due.
    /// - Returns: `false`, changing nothing, when the clock would leave 1970-01-01…9999-12-31.
    @discardableResult
    public func advanceClock(by interval: TimeInterval) -> Bool { engine.advanceClock(by: interval) }
    /// Sets the fake clock to `date`, releasing scheduled TwinPush notifications that fall due.
    /// - Returns: `false`, changing nothing, when `date` is outside 1970-01-01…9999-12-31.
    @discardableResult
    public func setClock(to date: Date) -> Bool { engine.setClock(to: date) }

    /// Resets the engine and forgets what assertions verified.
    public func reset() {
        engine.reset()
        verified.withLock { $0.removeAll() }
    }
}

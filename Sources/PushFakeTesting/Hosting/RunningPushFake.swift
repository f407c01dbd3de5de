import Foundation
import PushFakeCore
import PushFakeHTTP
import PushFakeURLProtocol

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A ``PushFake`` engine running on a transport, with the URLs to give your code and the assertion helpers.
///
/// Most tests get one from ``withPushFake(_:configuration:vendors:strict:isolation:fileID:filePath:line:column:_:)``;
/// setUp/tearDown users call ``start(_:configuration:vendors:fileID:filePath:line:column:)`` and ``stop()``. Engine
/// queries are available directly (`fake.journal`, `fake.deliveries`, `fake.inject(…)`), or through ``engine``.
///
/// Under `.remote` the same calls go to the instance's admin API; a call that cannot throw reports a failed
/// request as a test failure at the `withPushFake` (or `start`) line.
@dynamicMemberLookup
public final class RunningPushFake: Sendable {
    /// How requests reach the fake.
    public let transport: PushFakeTransport
    /// `http://127.0.0.1:PORT` (live), `http://pushfake-N.invalid` (URLProtocol) or `http://HOST:PORT/i/ID`
    /// (remote: the instance's root on the server).
    public let baseURL: URL
    /// The live server, when ``transport`` is `.live`.
    public let server: PushFakeServer?
    /// The engine in this process, or the remote instance: every call below goes through it.
    let backend: any FakeBackend
    /// Journal entries some assertion accounted for (`assertNoOtherRequests`).
    let verified = Locked(Set<Int>())

    init(transport: PushFakeTransport, backend: any FakeBackend, server: PushFakeServer?) {
        self.transport = transport
        self.backend = backend
        self.baseURL = backend.baseURL
        self.server = server
    }

    /// Starts a fake on `transport`, serving `vendors` (TPNS and TwinPush unless told otherwise). Pair with
    /// ``stop()``.
    ///
    /// `.remote(url)` creates an instance with `configuration` on the server at `url` (and ``stop()`` deletes it);
    /// `vendors` are then the ones the fixture reads the server's answers with. The call site is where a remote
    /// call that cannot throw reports its failure.
    /// - Throws: ``PushFakeError`` when the live server cannot start, ``PushFakeRemoteError`` (naming the URL)
    ///   when the remote server cannot be reached or refuses the admin token or the configuration.
    public static func start(
        _ transport: PushFakeTransport = .live, configuration: PushFakeConfiguration = PushFakeConfiguration(),
        vendors: VendorRegistry = .standard,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) throws -> RunningPushFake {
        switch transport.kind {
        case .live:
            let backend = try LocalBackend.live(PushFake(configuration, vendors: vendors))
            return RunningPushFake(transport: transport, backend: backend, server: backend.server)
        case .urlProtocol:
            let backend = LocalBackend.urlProtocol(PushFake(configuration, vendors: vendors))
            return RunningPushFake(transport: transport, backend: backend, server: nil)
        case .remote(let url, let adminToken):
            let backend = try RemoteBackend.create(
                at: url, adminToken: adminToken, configuration: configuration, vendors: vendors,
                site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
            return RunningPushFake(transport: transport, backend: backend, server: nil)
        }
    }

    /// Stops the server, unregisters the URLProtocol host, or deletes the remote instance. Safe to call twice.
    public func stop() {
        backend.stop()
    }

    /// The engine behind the transport, for calls the shortcuts below do not cover. Under `.remote`, a copy of the
    /// instance — its state document and journal, fetched when you ask — for reading: what you tell the copy stays
    /// in it (steer the instance with the calls below).
    public var engine: PushFake { backend.engine() }

    /// A session that reaches this fake: plain ephemeral for `.live` and `.remote`, with ``PushFakeURLProtocol`` for
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

    /// Engine properties, e.g. `fake.faultRules`, `fake.journalUsage`, `fake.apps` (under `.remote`, read from a
    /// copy of the instance; see ``engine``).
    public subscript<Value>(dynamicMember keyPath: KeyPath<PushFake, Value>) -> Value {
        engine[keyPath: keyPath]
    }

    // MARK: Engine calls tests use most

    /// The journal as it is now: every request the fake saw, oldest first.
    public var journal: Journal { backend.journal() }

    /// Every delivery — what each device would have received — in creation order.
    public var deliveries: [Delivery] { backend.deliveries() }

    /// The fake clock's current time.
    public var now: Date { backend.now() }

    /// Adds a fault rule to the engine; see ``PushFake/inject(_:when:scope:)``. Under `.remote` the matcher must
    /// have a JSON form (no `.satisfies`).
    /// - Returns: the rule's id, for `removeFault(id:)`.
    @discardableResult
    public func inject(_ fault: Fault, when matcher: RequestMatcher = .any, scope: FaultScope = .once) -> String {
        backend.inject(fault, when: matcher, scope: scope)
    }

    /// Removes one fault rule; `false` when no rule has that id.
    @discardableResult
    public func removeFault(id: String) -> Bool { backend.removeFault(id: id) }

    /// Removes every fault rule; journal entries keep the faults already applied to them.
    public func removeAllFaults() { backend.removeAllFaults() }

    /// Forgets the journal entries and nothing else (devices, deliveries, faults and the clock stay); sequence
    /// numbers keep counting. Assertions' bookkeeping is kept, as the numbers are never reused.
    public func clearJournal() { backend.clearJournal() }

    /// The journal entries `matcher` accepts, oldest first.
    public func entries(matching matcher: RequestMatcher = .any) -> [JournalEntry] {
        backend.journal().entries(matching: matcher)
    }

    /// Deliveries to one device (TPNS `deviceId` or TwinPush device id), optionally of one vendor, in creation order.
    /// Under `.remote` the server selects them: only that device's deliveries travel, in pages.
    public func deliveries(to deviceID: String, vendor: Vendor? = nil) -> [Delivery] {
        backend.deliveries(to: deviceID, vendor: vendor)
    }

    /// Deliveries of one notification (TPNS send id or TwinPush notification id).
    public func deliveries(ofNotification notificationID: String) -> [Delivery] {
        backend.deliveries(ofNotification: notificationID)
    }

    /// Moves the fake clock forward by `interval` seconds, releasing scheduled TwinPush notifications that fall due.
    /// - Returns: `false`, changing nothing, when the clock would leave 1970-01-01…9999-12-31.
    @discardableResult
    public func advanceClock(by interval: TimeInterval) -> Bool { backend.advanceClock(by: interval) }
    /// Sets the fake clock to `date`, releasing scheduled TwinPush notifications that fall due.
    /// - Returns: `false`, changing nothing, when `date` is outside 1970-01-01…9999-12-31.
    @discardableResult
    public func setClock(to date: Date) -> Bool { backend.setClock(to: date) }

    /// Resets the engine and forgets what assertions verified.
    public func reset() {
        backend.reset()
        verified.withLock { $0.removeAll() }
    }
}

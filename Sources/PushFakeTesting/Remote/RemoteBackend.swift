import Foundation
import PushFakeCore
import PushFakeHTTP

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// An isolated instance on a `pushfake serve` that runs outside the test process (`.remote`): created with
/// `POST /__pushfake/instances` when the fixture starts, deleted when it stops, and read and steered through the
/// instance's admin API (`/i/{id}/__pushfake/…`).
final class RemoteBackend: FakeBackend {
    /// The server's admin API, where instances are created and deleted.
    let server: RemoteAdmin
    /// The instance's admin API.
    let admin: RemoteAdmin
    /// The instance's id on the server.
    let instanceID: String
    /// `http://HOST:PORT/i/{id}`: the vendors' paths are under it, as on a server of its own.
    let baseURL: URL
    let vendors: VendorRegistry
    let configuration: PushFakeConfiguration
    /// Where failures of the synchronous calls are reported: the `withPushFake` / `start` line.
    private let site: CallSite
    let stopped = Locked(false)

    private init(
        server: RemoteAdmin, admin: RemoteAdmin, instanceID: String, baseURL: URL, vendors: VendorRegistry,
        configuration: PushFakeConfiguration, site: CallSite
    ) {
        self.server = server
        self.admin = admin
        self.instanceID = instanceID
        self.baseURL = baseURL
        self.vendors = vendors
        self.configuration = configuration
        self.site = site
    }

    /// Creates an instance on the server at `url` with `configuration` (its JSON form: seed, clock, state checks,
    /// journal limit, apps), blocking the calling thread (``RunningPushFake/start(_:configuration:vendors:fileID:filePath:line:column:)``;
    /// `withPushFake` uses ``createAsync(at:adminToken:configuration:vendors:site:)``).
    /// - Throws: ``PushFakeRemoteError`` naming the URL when the server cannot be reached, refuses the token or
    ///   refuses the configuration; ``PushFakeError`` when the configuration has settings without a JSON form.
    static func create(
        at url: URL, adminToken: String?, configuration: PushFakeConfiguration, vendors: VendorRegistry,
        site: CallSite
    ) throws -> RemoteBackend {
        let server = try serverClient(
            at: url, adminToken: adminToken, configuration: configuration, vendors: vendors)
        do {
            let answer = try server.exchange(AdminOperations.createInstance, configuration, expected: [201]).output
            return try made(
                answer, server: server, url: url, configuration: configuration, vendors: vendors, site: site)
        } catch {
            server.transport.session.finishTasksAndInvalidate()
            throw error
        }
    }

    /// The client of the server's admin API at `url`, on a session of its own.
    static func serverClient(
        at url: URL, adminToken: String?, configuration: PushFakeConfiguration, vendors: VendorRegistry
    ) throws(PushFakeError) -> RemoteAdmin {
        if configuration.tpnsRequireRegistrationID {
            throw PushFakeError.invalidConfiguration(
                "tpnsRequireRegistrationID cannot be given to a remote fake (the instance API has no such setting)")
        }
        let sessionConfiguration = URLSessionConfiguration.ephemeral
        sessionConfiguration.urlCache = nil
        return RemoteAdmin(
            root: url, token: RemoteAdminToken.resolve(given: adminToken),
            session: URLSession(configuration: sessionConfiguration), vendors: vendors)
    }

    /// The backend of the instance `POST /__pushfake/instances` answered with.
    static func made(
        _ answer: InstanceAnswer, server: RemoteAdmin, url: URL, configuration: PushFakeConfiguration,
        vendors: VendorRegistry, site: CallSite
    ) throws(PushFakeRemoteError) -> RemoteBackend {
        let id = answer.id
        guard !id.isEmpty else {
            throw PushFakeRemoteError(
                url: server.transport.url(AdminOperations.prefix + "/instances"), status: 201,
                message: "POST: the answer has no instance id: \(answer.wireJSON.serializedString())")
        }
        let base = url.appendingPathComponent("i").appendingPathComponent(id)
        let admin = RemoteAdmin(
            root: base, token: server.transport.token, session: server.transport.session, vendors: vendors)
        return RemoteBackend(
            server: server, admin: admin, instanceID: id, baseURL: base, vendors: vendors,
            configuration: configuration, site: site)
    }

    /// Runs a synchronous admin call; a failure is reported as a test failure and gives `fallback`.
    func attempt<Value>(_ fallback: Value, _ body: () throws(PushFakeRemoteError) -> Value) -> Value {
        do throws(PushFakeRemoteError) {
            return try body()
        } catch {
            FailureReporter.fail(error.description, at: site)
            return fallback
        }
    }

    func reportFailure(_ message: String) {
        FailureReporter.fail(message, at: site)
    }

    // MARK: Reading

    func journal() -> Journal {
        attempt(Journal(limit: configuration.journalLimit)) { () throws(PushFakeRemoteError) -> Journal in
            try fetchJournal()
        }
    }

    func now() -> Date {
        attempt(configuration.clockStart) { () throws(PushFakeRemoteError) -> Date in
            try admin.exchange(AdminOperations.clock, ()).output.now
        }
    }

    /// A fresh engine loaded with the instance's state document and journal: ``RunningPushFake/engine`` of a
    /// remote fake, for reading (what it is told stays in the copy).
    func engine() -> PushFake {
        // The instance's configuration: the state document re-declares the same apps, which changes nothing.
        let copy = PushFake(configuration, vendors: vendors)
        attempt(()) { () throws(PushFakeRemoteError) in
            let state = try admin.exchange(AdminOperations.state, ()).output
            do throws(StateError) {
                try copy.loadState(state.wireJSON)
            } catch {
                throw malformed("state", error.description)
            }
            copy.replaceJournal(try fetchJournal())
        }
        return copy
    }

    func malformed(_ path: String, _ problem: String) -> PushFakeRemoteError {
        PushFakeRemoteError(
            url: admin.transport.url(AdminOperations.prefix + "/" + path), status: 200,
            message: "GET: unreadable answer (\(problem))")
    }

    /// `DELETE /__pushfake/instances/{id}`, once.
    func stop() {
        guard firstStop() else { return }
        attempt(()) { () throws(PushFakeRemoteError) in
            try server.status(AdminOperations.deleteInstance, instanceID)
        }
        admin.transport.session.finishTasksAndInvalidate()
    }

    /// Whether this is the first stop (the instance is deleted once).
    func firstStop() -> Bool {
        stopped.withLock { stopped -> Bool in
            defer { stopped = true }
            return !stopped
        }
    }
}

import Foundation
import PushFakeCore

/// What a ``RunningPushFake`` steers: an engine in this process (``LocalBackend``, for `.live` and `.urlProtocol`)
/// or an instance on a `pushfake serve` that runs elsewhere (``RemoteBackend``, for `.remote`). The fixture's URLs,
/// assertions, waits, faults, clock and recordings all go through it, so they behave the same on every transport.
///
/// The calls that cannot throw are the fixture's synchronous API; a remote backend reports a failed call as a test
/// failure (at the `withPushFake` / `start` line) and answers an empty value.
protocol FakeBackend: Sendable {
    /// Where the fake answers: `http://127.0.0.1:PORT`, `http://pushfake-N.invalid` or `http://HOST:PORT/i/ID`.
    var baseURL: URL { get }
    /// The vendors the fake serves; of a remote fake, the ones the fixture reads its answers with.
    var vendors: VendorRegistry { get }
    /// The engine itself, or a copy of the remote instance's state and journal made now, for reading.
    func engine() -> PushFake
    /// The journal as it is now.
    func journal() -> Journal
    /// Every delivery, in creation order.
    func deliveries() -> [Delivery]
    /// The deliveries to one device (TPNS `deviceId` or TwinPush device id), of one vendor when `vendor` is given,
    /// in creation order.
    func deliveries(to deviceID: String, vendor: Vendor?) -> [Delivery]
    /// The deliveries of one notification (its vendor's notification or send id).
    func deliveries(ofNotification notificationID: String) -> [Delivery]
    /// The fake clock's time.
    func now() -> Date
    /// Adds a fault rule; returns its id.
    func inject(_ fault: Fault, when matcher: RequestMatcher, scope: FaultScope) -> String
    /// Removes one fault rule; `false` when no rule has that id.
    func removeFault(id: String) -> Bool
    /// Removes every fault rule.
    func removeAllFaults()
    /// Forgets the journal entries and nothing else; sequence numbers keep counting.
    func clearJournal()
    /// Moves the clock; `false` when it would leave 1970…9999.
    func advanceClock(by interval: TimeInterval) -> Bool
    /// Sets the clock; `false` when `date` is outside 1970…9999.
    func setClock(to date: Date) -> Bool
    /// Forgets devices, notifications, deliveries, journal and faults.
    func reset()
    /// Resumes with `true` as soon as `count` journal entries match, or with `false` once `timeout` seconds
    /// passed; never by polling.
    func waitUntil(_ matcher: RequestMatcher, count: Int, timeout: Double) async throws -> Bool
    /// Ends the fake (stops the server, unregisters the host, deletes the instance). Safe to call twice.
    func stop()
    /// The journal as it is now, suspending instead of blocking while it travels.
    func journalAsync() async -> Journal
    /// ``stop()``, suspending instead of blocking while the instance is deleted.
    func stopAsync() async
}

extension FakeBackend {
    /// An engine in this process answers at once: nothing to wait for.
    func journalAsync() async -> Journal { journal() }
    func stopAsync() async { stop() }
}

import Dispatch
import Foundation
import PushFakeCore
import PushFakeHTTP
import PushFakeURLProtocol

/// An engine in the test process, served by a live server (`.live`) or a URLProtocol host (`.urlProtocol`).
final class LocalBackend: FakeBackend {
    let fake: PushFake
    let baseURL: URL
    /// The live server, for `.live`.
    let server: PushFakeServer?
    /// The URLProtocol host, for `.urlProtocol`.
    private let host: String?

    private init(fake: PushFake, baseURL: URL, server: PushFakeServer?, host: String?) {
        self.fake = fake
        self.baseURL = baseURL
        self.server = server
        self.host = host
    }

    /// Starts a live server for `fake` on `127.0.0.1` with a port the kernel picks.
    static func live(_ fake: PushFake) throws -> LocalBackend {
        let server = PushFakeServer(fake: fake)
        try server.start()
        return LocalBackend(fake: fake, baseURL: server.baseURL, server: server, host: nil)
    }

    /// Registers `fake` with ``PushFakeURLProtocol`` under a host of its own.
    static func urlProtocol(_ fake: PushFake) -> LocalBackend {
        let host = PushFakeURLProtocol.register(fake)
        let baseURL = URL(string: "http://\(host)") ?? URL(fileURLWithPath: "/")
        return LocalBackend(fake: fake, baseURL: baseURL, server: nil, host: host)
    }

    var vendors: VendorRegistry { fake.vendors }
    func engine() -> PushFake { fake }
    func journal() -> Journal { fake.journal }
    func deliveries() -> [Delivery] { fake.deliveries }
    func deliveries(to deviceID: String, vendor: Vendor?) -> [Delivery] {
        fake.deliveries.filter { $0.deviceID == deviceID && (vendor == nil || $0.vendor == vendor) }
    }
    func deliveries(ofNotification notificationID: String) -> [Delivery] {
        fake.deliveries(ofNotification: notificationID)
    }
    func now() -> Date { fake.now }
    func inject(_ fault: Fault, when matcher: RequestMatcher, scope: FaultScope) -> String {
        fake.inject(fault, when: matcher, scope: scope)
    }
    func removeFault(id: String) -> Bool { fake.removeFault(id: id) }
    func removeAllFaults() { fake.removeAllFaults() }
    func clearJournal() { fake.clearJournal() }
    func advanceClock(by interval: TimeInterval) -> Bool { fake.advanceClock(by: interval) }
    func setClock(to date: Date) -> Bool { fake.setClock(to: date) }
    func reset() { fake.reset() }

    func waitUntil(_ matcher: RequestMatcher, count: Int, timeout: Double) async -> Bool {
        let waiter = JournalWaiter(matcher: matcher, count: count)
        let token = fake.addObserver { entry in waiter.observe(entry) }
        defer { fake.removeObserver(token) }
        // Entries recorded before the observer was added count too.
        waiter.seed(fake.journal.entries)
        return await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
            waiter.install(continuation)
            DispatchQueue.global().asyncAfter(deadline: .now() + timeout) { waiter.timeOut() }
        }
    }

    func stop() {
        server?.stop()
        if let host { PushFakeURLProtocol.unregister(host: host) }
    }
}

import Foundation
import PushFakeCore
import PushFakeHTTP

/// What a fleet needs from a server's admin API, its clock read and moved, through PushFake's one typed admin
/// client (``AdminClient``) over the loopback transport (`GET` / `POST /__pushfake/clock`).
struct HTTPFleetAdmin: Sendable {
    let client: AdminClient<LoopbackAdminTransport>

    init(server: FleetServer) {
        client = AdminClient(
            transport: LoopbackAdminTransport(
                host: server.host, port: server.port, basePath: server.prefix, token: server.adminToken))
    }

    /// The server's clock: whether it is fixed, and now; `nil` when the server did not answer.
    func clock() -> (fixed: Bool, now: Date)? {
        guard let clock = try? client.call(AdminOperations.clock, timeout: 30) else { return nil }
        return (clock.mode == .fixed, clock.now)
    }

    /// Sets the server's clock (`POST /__pushfake/clock {"set": …}`).
    func setClock(to date: Date) {
        _ = try? client.call(AdminOperations.setClock, .set(date), timeout: 30)
    }
}

/// A server's clock through its admin API: virtual when the server's clock is fixed (the fleet then moves it), real
/// otherwise. Reading a fixed clock is local: only the fleet moves it.
final class AdminFleetClock: FleetClock {
    private let admin: HTTPFleetAdmin
    private let fixedNow: Locked<Date?>
    /// A real server clock's lead over this machine's (it may have been advanced).
    private let offset: TimeInterval

    init(_ admin: HTTPFleetAdmin) {
        self.admin = admin
        let clock = admin.clock()
        fixedNow = Locked(clock?.fixed == true ? clock?.now : nil)
        offset = clock.map { $0.fixed ? 0 : $0.now.timeIntervalSinceNow } ?? 0
    }

    var now: Date { fixedNow.withLock { $0 } ?? Date().addingTimeInterval(offset) }
    var isVirtual: Bool { fixedNow.withLock { $0 != nil } }

    func move(to date: Date) {
        let moved = fixedNow.withLock { now -> Bool in
            guard let current = now, date > current else { return false }
            now = date
            return true
        }
        if moved { admin.setClock(to: date) }
    }
}

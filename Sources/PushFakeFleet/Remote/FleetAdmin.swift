import Foundation
import PushFakeCore
import PushFakeHTTP

/// What a fleet needs from a server's admin API: its clock, read and moved. Kept this small so that it can be served
/// by PushFake's one typed admin client (PushFakeAdmin) when that lands, without touching the fleet.
protocol FleetAdmin: Sendable {
    /// The server's clock: whether it is fixed, and now; `nil` when the server did not answer.
    func clock() -> (fixed: Bool, now: Date)?
    /// Sets the server's clock (`POST /__pushfake/clock {"set": …}`).
    func setClock(to date: Date)
}

/// ``FleetAdmin`` over HTTP with the repo's loopback client (`GET` / `POST /__pushfake/clock`).
struct HTTPFleetAdmin: FleetAdmin {
    let server: FleetServer

    private func call(_ method: String, _ path: String, body: String? = nil) -> LoopbackHTTPClient.Response? {
        guard let client = try? LoopbackHTTPClient(host: server.host, port: server.port, receiveTimeout: 30) else {
            return nil
        }
        return client.request(
            method, server.prefix + "/__pushfake" + path, body: body, headers: server.adminHeaders)
    }

    func clock() -> (fixed: Bool, now: Date)? {
        guard let json = call("GET", "/clock")?.json, let mode = json["mode"]?.stringValue,
            let now = json["now"]?.stringValue.flatMap(TimeFormat.parse)
        else { return nil }
        return (mode == "fixed", now)
    }

    func setClock(to date: Date) {
        let body = JSON.object(["set": .string(TimeFormat.iso8601(date))]).serializedString()
        _ = call("POST", "/clock", body: body)
    }
}

/// A server's clock through its admin API: virtual when the server's clock is fixed (the fleet then moves it), real
/// otherwise. Reading a fixed clock is local: only the fleet moves it.
final class AdminFleetClock: FleetClock {
    private let admin: any FleetAdmin
    private let fixedNow: Locked<Date?>
    /// A real server clock's lead over this machine's (it may have been advanced).
    private let offset: TimeInterval

    init(_ admin: any FleetAdmin) {
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

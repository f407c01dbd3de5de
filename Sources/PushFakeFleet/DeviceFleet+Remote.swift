import Foundation
import PushFakeCore

extension DeviceFleet {
    /// Starts the fleet against a running server (`pushfake serve`, a `.live` or `.remote` fixture): vendor requests
    /// over keep-alive HTTP connections from the fleet's own threads, deliveries from the server's events stream
    /// (those of the fleet's devices), and virtual time when the server's clock is fixed (the fleet moves it through
    /// the admin API). Returns once every device launched its app.
    ///
    /// - Parameters:
    ///   - server: where the server is.
    ///   - threads: how many devices launch at once (1…64).
    public func start(against server: FleetServer, threads: Int = 4) async throws {
        let listener = FleetEventListener(
            server, apps: [configuration.app.appID, configuration.app.tpnsApplicationKey])
        let listening = await Self.onThread {
            listener.start(
                { [weak self] delivery in self?.accept(delivery) },
                lost: { [weak self] how in self?.state.withLock { $0.errors["events \(how)", default: 0] += 1 } })
        }
        guard listening else { throw FleetError.unreachable("\(server.host):\(server.port)\(server.prefix)") }
        let clock = await Self.onThread { AdminFleetClock(HTTPFleetAdmin(server: server)) }
        try await start(
            transport: HTTPFleetTransport(server), clock: clock, threads: threads, detach: { listener.stop() },
            sync: { listener.sync(within: $0) })
    }

    /// Runs the launch actions (time 0) on `threads` threads at once: registrations of different devices do not
    /// depend on each other. Virtual time keeps one thread, so the journal's order is the devices' order.
    func runLaunches(_ driver: FleetDriver, threads: Int) async {
        let threads = driver.clock.isVirtual ? 1 : min(max(threads, 1), 64)
        if threads == 1 {
            _ = await Self.onThread { self.runVirtual(driver, limit: 0, until: nil) }
            return
        }
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<threads {
                group.addTask {
                    await Self.onThread {
                        while let action = self.state.withLock({ state -> FleetAction? in
                            guard let first = state.schedule.first, first.time <= 0, first.kind == .launch else {
                                return nil
                            }
                            return state.schedule.removeFirst()
                        }) {
                            self.perform(action, at: 0, driver: driver)
                        }
                    }
                }
            }
        }
    }
}

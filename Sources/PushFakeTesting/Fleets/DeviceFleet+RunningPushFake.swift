import Foundation
import PushFakeCore
import PushFakeFleet

extension DeviceFleet {
    /// Starts the fleet against a fixture of `withPushFake`, whatever its transport:
    /// - `.urlProtocol`: requests into the engine (`fake.handle`), deliveries from its delivery observers;
    /// - `.live`: requests over keep-alive HTTP to the fixture's port, deliveries from the engine's observers;
    /// - `.remote`: requests over HTTP, deliveries from the server's events stream, the clock through the admin API.
    ///
    /// With the fake's clock fixed (the default) the fleet runs in virtual time. Returns once every device launched.
    ///
    /// ```swift
    /// try await withPushFake(.live) { fake in
    ///     let fleet = DeviceFleet(FleetConfiguration(devices: 10_000, mix: .only(.twinpushIOS)))
    ///     try await fleet.start(against: fake)
    ///     // … the backend sends a campaign …
    ///     await fleet.run(for: 60)
    ///     await fleet.stop()
    /// }
    /// ```
    public func start(against fake: RunningPushFake, threads: Int = 4) async throws {
        switch fake.transport.kind {
        case .urlProtocol:
            try await start(against: fake.backend.engine())
        case .live:
            guard let server = FleetServer(url: fake.baseURL) else { throw FleetError.unreachable("\(fake.baseURL)") }
            let engine = fake.backend.engine()
            let token = engine.onDelivery { [weak self] delivery in self?.accept(FleetDelivery(delivery)) }
            try await start(
                transport: HTTPFleetTransport(server), clock: EngineFleetClock(engine), threads: threads,
                detach: { engine.removeDeliveryObserver(token) })
        case .remote(_, let adminToken):
            guard var server = FleetServer(url: fake.baseURL) else {
                throw FleetError.unreachable("\(fake.baseURL)")
            }
            server.adminToken = adminToken
            try await start(against: server, threads: threads)
        }
    }
}

import Foundation
import PushFakeCore
import PushFakeHTTP
import XCTest

@testable import PushFakeFleet

/// A fleet against a running server: vendor requests over HTTP, deliveries from the events stream.
final class FleetLiveTests: XCTestCase {
    private typealias Support = FleetTestSupport
    private var server: PushFakeServer!

    override func tearDown() {
        server?.stop()
    }

    private func startServer(_ configuration: PushFakeConfiguration) throws -> FleetServer {
        server = PushFakeServer(fake: PushFake(configuration))
        try server.start()
        return FleetServer(host: "127.0.0.1", port: server.port)
    }

    func test_fleet_receivesOverTheEventsStreamAndMovesTheServersClock_whenTheServersClockIsFixed() async throws {
        let address = try startServer(PushFakeConfiguration(seed: 7))
        let mix = FleetMix([.twinpushIOS: 1, .twinpushAndroid: 1, .tpnsIOS: 1])
        let fleet = Support.fleet(devices: 30, mix: mix)
        try await fleet.start(against: address, threads: 3)
        XCTAssertEqual(fleet.report().registered, ["tpns-ios": 10, "twinpush-ios": 10, "twinpush-android": 10])
        let id = try XCTUnwrap(Support.sendCampaign(server.fake))
        let received = await fleet.waitUntilReceived(id, fraction: 1, within: 60)
        XCTAssertTrue(received)
        let start = server.fake.now
        await fleet.run(for: 120)
        XCTAssertEqual(server.fake.now.timeIntervalSince(start), 120, accuracy: 0.01)
        await fleet.stop()
        let notification = try XCTUnwrap(fleet.report().notifications.first)
        XCTAssertEqual(notification.targeted, 20)
        XCTAssertEqual(notification.received, 20)
        // Every ack and open the fleet reported reached the server as the vendor's own records.
        let deliveries = server.fake.deliveries(ofNotification: id)
        XCTAssertEqual(deliveries.filter { $0.receivedAt != nil }.count, 20)
        XCTAssertEqual(deliveries.filter { $0.openedAt != nil }.count, notification.opened)
        XCTAssertEqual(fleet.report().errors, [:])
    }

    func test_report_namesTheLostEventsStream_whenTheServerEndsItWhileTheFleetRuns() async throws {
        var configuration = PushFakeConfiguration(seed: 7)
        configuration.clockMode = .real
        let address = try startServer(configuration)
        let fleet = Support.fleet(devices: 2, mix: .only(.twinpushAndroid))
        try await fleet.start(against: address)
        XCTAssertEqual(fleet.report().errors, [:])
        // Stopping the server ends every events stream with a final `end` event: the fleet can no longer see its
        // deliveries, and its report must say so rather than count on.
        server.stop()
        var errors: [String: Int] = [:]
        for _ in 0..<600 where errors.isEmpty {
            try await Task.sleep(nanoseconds: 50_000_000)
            errors = fleet.report().errors.filter { $0.key.hasPrefix("events ") }
        }
        XCTAssertEqual(errors.count, 1, "\(fleet.report().errors)")
        XCTAssertTrue(["events ended", "events closed"].contains(errors.keys.first ?? ""), "\(errors)")
        await fleet.stop()
    }

    func test_fleet_opensInRealTime_whenTheServersClockRuns() async throws {
        var configuration = PushFakeConfiguration(seed: 7)
        configuration.clockMode = .real
        let address = try startServer(configuration)
        var policy = FleetPolicy()
        policy.openProbability = 1
        policy.openDelay = .fixed(0.2)
        let fleet = Support.fleet(devices: 4, mix: .only(.twinpushAndroid), policy: FleetPolicySet(policy))
        try await fleet.start(against: address)
        let id = try XCTUnwrap(Support.sendCampaign(server.fake))
        let received = await fleet.waitUntilReceived(id, fraction: 1, within: 60)
        XCTAssertTrue(received)
        var opened = 0
        for _ in 0..<600 where opened < 4 {
            try await Task.sleep(nanoseconds: 100_000_000)
            opened = server.fake.deliveries(ofNotification: id).filter { $0.openedAt != nil }.count
        }
        XCTAssertEqual(opened, 4)
        await fleet.stop()
    }
}

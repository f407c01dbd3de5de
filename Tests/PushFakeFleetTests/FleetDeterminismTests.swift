import Foundation
import PushFakeCore
import XCTest

@testable import PushFakeFleet

/// Same seed, same fleet: identities, reactions, reports and journals; shards slice the fleet exactly.
final class FleetDeterminismTests: XCTestCase {
    private typealias Support = FleetTestSupport
    private let mix = FleetMix([.twinpushIOS: 60, .twinpushAndroid: 35, .tpnsIOS: 5])

    /// A campaign to `devices` phones, ten virtual minutes of reactions: the report and the journal as JSON lines.
    private func campaign(devices: Int, seed: UInt64, shard: FleetShard = .whole) async throws -> (FleetReport, String)
    {
        let fake = Support.engine()
        var policy = FleetPolicy()
        policy.dismissProbability = 0.2
        policy.offline = FleetPolicy.Offline(probability: 0.2, after: .fixed(0), duration: .uniform(30, 120))
        policy.uninstall = FleetPolicy.Uninstall(probability: 0.05, after: .fixed(5))
        policy.cycles = FleetPolicy.Cycles(probability: 0.3, every: .exponential(mean: 120), length: .fixed(20))
        let fleet = Support.fleet(
            devices: devices, mix: mix, policy: FleetPolicySet(policy), seed: seed, shard: shard)
        try await fleet.start(against: fake)
        await fleet.run(for: 10)
        let id = try XCTUnwrap(Support.sendCampaign(fake))
        _ = await fleet.waitUntilReceived(id, fraction: 0.5)
        await fleet.run(for: 600)
        await fleet.stop()
        return (fleet.report(), fake.journal.jsonLines(of: fake.journal.entries))
    }

    func test_campaign_isIdenticalReportAndJournal_whenRunTwiceWithTheSameSeed() async throws {
        let first = try await campaign(devices: 200, seed: 9)
        let second = try await campaign(devices: 200, seed: 9)
        XCTAssertEqual(first.0, second.0)
        XCTAssertEqual(first.1, second.1)
        let notification = try XCTUnwrap(first.0.notifications.first)
        XCTAssertEqual(notification.targeted, 190)  // the TwinPush devices: 60 % + 35 % of 200
        XCTAssertGreaterThan(notification.opened, 0)
        XCTAssertGreaterThan(notification.dismissed, 0)
        XCTAssertGreaterThan(notification.uninstalled, 0)
        XCTAssertEqual(
            notification.received + notification.uninstalled + notification.expired, notification.delivered)
        let third = try await campaign(devices: 200, seed: 10)
        XCTAssertNotEqual(first.1, third.1)
    }

    func test_shards_areDisjointAndTheirUnionIsTheFleet_whenTheFleetIsSlicedThreeWays() {
        let configuration = FleetConfiguration(devices: 101, mix: mix, seed: 5)
        var whole = FleetState(configuration: configuration)
        whole.populate()
        var union: [String] = []
        for index in 0..<3 {
            var sliced = configuration
            sliced.shard = FleetShard(index: index, count: 3) ?? .whole
            var state = FleetState(configuration: sliced)
            state.populate()
            union += state.devices.indices.map { local in
                let identity = state.identity(Int32(local))
                return "\(state.global(Int32(local))) \(state.devices[local].profile.rawValue) \(identity.token)"
            }
        }
        let expected = whole.devices.indices.map { local in
            "\(local) \(whole.devices[local].profile.rawValue) \(whole.identity(Int32(local)).token)"
        }
        XCTAssertEqual(union.count, 101)
        XCTAssertEqual(Set(union).count, 101)
        XCTAssertEqual(union.sorted(), expected.sorted())
    }

    func test_shardReports_addUpToTheUnshardedReport_whenTheSameCampaignRunsPerShard() async throws {
        let whole = try await campaign(devices: 60, seed: 3).0
        var received = 0
        var opened = 0
        for index in 0..<2 {
            let shard = try XCTUnwrap(FleetShard(index: index, count: 2))
            let report = try await campaign(devices: 60, seed: 3, shard: shard).0
            received += report.notifications.first?.received ?? 0
            opened += report.notifications.first?.opened ?? 0
        }
        XCTAssertEqual(received, whole.notifications.first?.received)
        XCTAssertEqual(opened, whole.notifications.first?.opened)
    }

    func test_identities_passThePushNetworksChecks_whenEveryProfileRegisters() async throws {
        let fake = Support.engine()
        let fleet = Support.fleet(devices: 30, mix: mix)
        try await fleet.start(against: fake)
        _ = try XCTUnwrap(Support.sendCampaign(fake))
        XCTAssertEqual(fake.deliveries.count, 28)
        XCTAssertTrue(fake.deliveries.allSatisfy { $0.status == .delivered }, "\(fake.deliveries.map(\.status))")
        XCTAssertEqual(fleet.report().registered, ["tpns-ios": 2, "twinpush-ios": 18, "twinpush-android": 10])
        await fleet.stop()
    }
}

import Foundation
import PushFakeCore
import XCTest

@testable import PushFakeFleet

/// Policies per device group: a range of device numbers or a fraction of the fleet, the same in every shard.
final class FleetGroupTests: XCTestCase {
    private typealias Support = FleetTestSupport

    func test_groups_areReadWithTheirMembersAndBasePolicy_whenADocumentHasGroups() throws {
        let json = try JSON.parse(
            #"""
            {"open":{"probability":0.2},"dismiss":{"probability":0.1},
             "groups":[{"devices":"0..999","policy":{"open":{"probability":0.9}}},
                       {"fraction":0.25,"policy":{"uninstall":{"after":60}}},
                       {"percent":10},{"devices":"4242"}]}
            """#)
        let set = try FleetPolicySet.parse(json)
        var heavy = set.base
        heavy.openProbability = 0.9
        var leaving = set.base
        leaving.uninstall = FleetPolicy.Uninstall(probability: 1, after: .fixed(60))
        XCTAssertEqual(
            set.groups,
            [
                FleetGroup(.devices(0...999), policy: heavy), FleetGroup(.fraction(0.25), policy: leaving),
                FleetGroup(.fraction(0.1), policy: set.base), FleetGroup(.devices(4242...4242), policy: set.base),
            ])
        XCTAssertEqual(set.groups[0].policy.dismissProbability, 0.1)  // starts from the base
        XCTAssertEqual(set.group(ofDevice: 999, draw: 0.9), 0)
        XCTAssertEqual(set.group(ofDevice: 1000, draw: 0.1), 1)
        XCTAssertEqual(set.group(ofDevice: 1000, draw: 0.3), 2)
        XCTAssertEqual(set.group(ofDevice: 4242, draw: 0.5), 3)
        XCTAssertNil(set.group(ofDevice: 1000, draw: 0.5))
    }

    func test_groups_areRejectedNamingTheProblem_whenMalformed() {
        let cases: [(String, String)] = [
            (#"{"groups":{}}"#, "groups: must be an array"),
            (#"{"groups":[{"devices":"0..9","polcy":{}}]}"#, "groups[0].polcy"),
            (#"{"groups":[{"devices":"0..9","fraction":0.5}]}"#, "exactly one of"),
            (#"{"groups":[{"policy":{}}]}"#, "exactly one of"),
            (#"{"groups":[{"devices":"9..0"}]}"#, "starts after it ends"),
            (#"{"groups":[{"devices":"0..10000000"}]}"#, "groups[0].devices"),
            (#"{"groups":[{"devices":"-1..5"}]}"#, "groups[0].devices"),
            (#"{"groups":[{"devices":"0...5"}]}"#, "groups[0].devices"),
            (#"{"groups":[{"devices":7}]}"#, "groups[0].devices"),
            (#"{"groups":[{"fraction":1.5}]}"#, "groups[0].fraction"),
            (#"{"groups":[{"percent":101}]}"#, "groups[0].percent"),
            (#"{"groups":[{"fraction":0.6},{"percent":50}]}"#, "groups[1]: fractions add up to more than 1"),
            (#"{"groups":[{"devices":"1","policy":{"open":{"probability":2}}}]}"#, "groups[0].policy.open.probability"),
        ]
        for (text, named) in cases {
            XCTAssertThrowsError(try FleetPolicySet.parse(try JSON.parse(text)), text) { error in
                XCTAssertTrue("\(error)".contains(named), "\(text): \(error)")
            }
        }
        XCTAssertNoThrow(try FleetPolicySet.parse(try JSON.parse(#"{"groups":[{"fraction":0.7},{"fraction":0.3}]}"#)))
    }

    func test_deviceGroups_dependOnlyOnTheDeviceNumber_whenTheFleetIsSharded() throws {
        let policy = FleetPolicySet(groups: [
            FleetGroup(.devices(10...19), policy: FleetPolicy()), FleetGroup(.fraction(0.3), policy: FleetPolicy()),
        ])
        let configuration = FleetConfiguration(
            devices: 2_000, mix: FleetMix([.twinpushIOS: 1, .twinpushAndroid: 1]), policy: policy, seed: 11)
        var whole = FleetState(configuration: configuration)
        whole.populate()
        let groups = whole.devices.map(\.group)
        XCTAssertEqual(groups[10...19].filter { $0 == 0 }.count, 10)
        XCTAssertEqual(groups.filter { $0 == 0 }.count, 10)
        let fraction = groups.filter { $0 == 1 }.count
        XCTAssertTrue((480...720).contains(fraction), "\(fraction) of 1,990 in the 30 % group")
        var union = [Int16?](repeating: nil, count: 2_000)
        for index in 0..<3 {
            var sliced = configuration
            sliced.shard = try XCTUnwrap(FleetShard(index: index, count: 3))
            var state = FleetState(configuration: sliced)
            state.populate()
            for local in state.devices.indices { union[state.global(Int32(local))] = state.devices[local].group }
        }
        XCTAssertEqual(union, groups.map { $0 })
        var reseeded = configuration
        reseeded.seed = 12
        var other = FleetState(configuration: reseeded)
        other.populate()
        XCTAssertNotEqual(other.devices.map(\.group), groups)
    }

    /// Base: nobody opens; devices 0…99 open every notification after 5 s.
    private func openers(shard: FleetShard) async throws -> FleetReport.Notification {
        var never = FleetPolicy()
        never.openProbability = 0
        var always = FleetPolicy()
        always.openProbability = 1
        always.openDelay = .fixed(5)
        let fake = Support.engine()
        let fleet = Support.fleet(
            devices: 300, mix: .only(.twinpushAndroid),
            policy: FleetPolicySet(never, groups: [FleetGroup(.devices(0...99), policy: always)]), seed: 4,
            shard: shard)
        try await fleet.start(against: fake)
        await fleet.run(for: 10)
        let id = try XCTUnwrap(Support.sendCampaign(fake))
        _ = await fleet.waitUntilReceived(id, fraction: 1)
        await fleet.run(for: 120)
        await fleet.stop()
        return try XCTUnwrap(fleet.report().notifications.first)
    }

    func test_groupPolicy_decidesItsDevicesReactions_whenTheWholeFleetAndItsShardsRun() async throws {
        let whole = try await openers(shard: .whole)
        XCTAssertEqual(whole.received, 300)
        XCTAssertEqual(whole.opened, 100)
        var opened = 0
        for index in 0..<2 {
            opened += try await openers(shard: try XCTUnwrap(FleetShard(index: index, count: 2))).opened
        }
        XCTAssertEqual(opened, 100)
    }
}

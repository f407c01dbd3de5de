import Foundation
import PushFakeCore
import XCTest

@testable import PushFakeFleet

/// The fleet's report checked against the fake's journal and TwinPush's own report endpoints.
final class FleetReportTests: XCTestCase {
    private typealias Support = FleetTestSupport
    private let mix = FleetMix([.twinpushIOS: 60, .twinpushAndroid: 35, .tpnsIOS: 5])

    private func campaign(shard: FleetShard = .whole, fake: PushFake) async throws -> (FleetReport, String) {
        let fleet = Support.fleet(devices: 300, mix: mix, seed: 11, shard: shard)
        try await fleet.start(against: fake)
        // The apps the launch opened are back in the background (an iOS app in the foreground opens at once).
        await fleet.run(for: 120)
        let id = try XCTUnwrap(Support.sendCampaign(fake))
        _ = await fleet.waitUntilReceived(id, fraction: 1)
        await fleet.run(for: 600)
        await fleet.stop()
        return (await fleet.reportCheckedWithVendor(), id)
    }

    func test_report_agreesWithTheJournalAndTwinPushsReport_whenTheFleetIsTheWholeAudience() async throws {
        let fake = Support.engine()
        let (report, id) = try await campaign(fake: fake)
        let notification = try XCTUnwrap(report.notifications.first)
        XCTAssertEqual(notification.id, id)
        let paths = fake.journal.entries.map(\.request.path)
        XCTAssertEqual(paths.filter { $0.hasSuffix("/\(id)/open_notification") }.count, notification.opened)
        XCTAssertEqual(paths.filter { $0.hasSuffix("/\(id)/received_notification") }.count, notification.received)
        XCTAssertEqual(report.requests, fake.journal.entries.count - 3)  // all but the send and the two report reads
        let vendor = try XCTUnwrap(
            notification.vendorReport,
            "\(report.errors) \(fake.journal.entries.suffix(2).map { "\($0.request.path) \($0.status) \(String(decoding: $0.response.body, as: UTF8.self))" })"
        )
        XCTAssertTrue(vendor.agrees, vendor.disagreement ?? "")
        XCTAssertEqual(vendor.delivered, 285)
        XCTAssertEqual(vendor.opened, notification.opened)
        // The default policy: about 30 % open, every one within a minute of the send.
        XCTAssertEqual(Double(notification.opened) / Double(notification.received), 0.3, accuracy: 0.08)
        XCTAssertLessThanOrEqual(notification.latency.opened.max, 20)
        XCTAssertTrue(report.text.contains("agrees"), report.text)
    }

    func test_shardReports_disagreeAloneButAgreeMerged_whenTwoShardsShareTheAudience() async throws {
        let fake = Support.engine()
        let first = DeviceFleet(
            FleetConfiguration(
                devices: 300, mix: mix, seed: 11, shard: FleetShard(index: 0, count: 2) ?? .whole, app: Support.app))
        let second = DeviceFleet(
            FleetConfiguration(
                devices: 300, mix: mix, seed: 11, shard: FleetShard(index: 1, count: 2) ?? .whole, app: Support.app))
        try await first.start(against: fake)
        try await second.start(against: fake)
        await first.run(for: 120)
        let id = try XCTUnwrap(Support.sendCampaign(fake))
        _ = await first.waitUntilReceived(id, fraction: 1)
        _ = await second.waitUntilReceived(id, fraction: 1)
        await first.run(for: 300)
        await second.run(for: 300)
        let reports = [await first.reportCheckedWithVendor(), await second.reportCheckedWithVendor()]
        XCTAssertEqual(reports[0].notifications.first?.vendorReport?.agrees, false)
        let merged = FleetReport.merged(reports)
        XCTAssertEqual(merged.notifications.first?.targeted, 285)
        let vendor = try XCTUnwrap(merged.notifications.first?.vendorReport)
        XCTAssertTrue(vendor.agrees, vendor.disagreement ?? "")
        XCTAssertEqual(merged.shards, ["0/2", "1/2"])
        let decoded = try FleetReport.read(try merged.jsonData())
        XCTAssertEqual(decoded, merged)
        await first.stop()
        await second.stop()
    }
}

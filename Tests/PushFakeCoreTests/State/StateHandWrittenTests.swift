import Foundation
import PushFakeCore
import PushFakeTestSupport
import XCTest

/// State files people write by hand: absent sections are empty, absent ids and times are filled in (issue 9).
final class StateHandWrittenTests: XCTestCase {
    func test_twoDevicesAndAnAliasInbox_load_andTheFakeContinuesFromThem() throws {
        let text = #"""
            {"vendors": {"twinPush": {
              "devices": [
                {"app_id": "cs555ab2356a37a0", "udid": "U-1", "platform": "ios", "push_token": "aa", "alias_device": "ana"},
                {"id": "1000000000000007", "app_id": "cs555ab2356a37a0", "udid": "U-2", "platform": "android",
                 "alias_device": "ana", "badge": 3}
              ],
              "notifications": [
                {"id": "2000000000000001", "app_id": "cs555ab2356a37a0", "alert": "Welcome", "devices_aliases": ["ana"],
                 "inbox": true}
              ],
              "inbox": [{"app_id": "cs555ab2356a37a0", "alias": "ana", "notification": "2000000000000001"}]
            }}}
            """#
        let fake = PushFake()
        try fake.loadState(try JSON.parse(text))
        let client = TwinPushTestClient(fake: fake)
        let devices = fake.twinPushDevices(app: TwinPushTestClient.app)
        XCTAssertEqual(
            devices.map(\.id), ["1000000000000008", "1000000000000007"], "the missing id follows the given one")
        XCTAssertEqual(devices[1].badge, 3)
        let summary = client.send("GET", client.devicePath(devices[0].id, "/inbox_summary"))
        XCTAssertEqual(summary.json, ["total_count": 1, "unopened_count": 1])
        XCTAssertEqual(fake.twinPushInbox(alias: "ana", app: TwinPushTestClient.app).first?.id, "4000000000000001")
        XCTAssertEqual(fake.twinPushNotification(id: "2000000000000001")?.status, .sent)
        // later ids do not collide with the loaded ones
        let created = client.notify(#"{"alert":"Next","devices_aliases":["ana"]}"#)
        XCTAssertEqual(created, "2000000000000002")
        XCTAssertEqual(client.registerIOS(udid: "U-3"), "1000000000000009")
        XCTAssertEqual(fake.twinPushApps, [TwinPushTestClient.app])
    }

    /// The example of StateFormat.md, verbatim.
    func test_theArticlesExample_loadsAsItSays() throws {
        let text = #"""
            {
              "version": 1,
              "clock": {"mode": "fixed", "now": "2026-03-01T09:00:00.000Z"},
              "apps": {"tpns": ["APPKEY"]},
              "vendors": {
                "twinPush": {
                  "devices": [
                    {"app_id": "cs555ab2356a37a0", "udid": "E621E1F8-C36C-495A-93FC-0C247A3E6E5F", "platform": "ios",
                     "push_token": "5C1D2A3B", "alias_device": "alice", "badge": 2},
                    {"app_id": "cs555ab2356a37a0", "udid": "9774d56d682e549c", "platform": "android", "alias_device": "alice"}
                  ],
                  "notifications": [
                    {"id": "2000000000000001", "app_id": "cs555ab2356a37a0", "alert": "Your order shipped",
                     "devices_aliases": ["alice"], "inbox": true}
                  ],
                  "inbox": [{"app_id": "cs555ab2356a37a0", "alias": "alice", "notification": "2000000000000001"}]
                }
              },
              "faults": [{"match": {"vendor": "twinPush", "operation": "getBadge"}, "fault": {"status": 503}}]
            }
            """#
        let fake = PushFake()
        try fake.loadState(try JSON.parse(text))
        let client = TwinPushTestClient(fake: fake)
        let ids = fake.twinPushDevices(app: TwinPushTestClient.app).map(\.id)
        XCTAssertEqual(ids, ["1000000000000001", "1000000000000002"])
        for id in ids {
            XCTAssertEqual(
                client.send("GET", client.devicePath(id, "/inbox_summary")).json,
                ["total_count": 1, "unopened_count": 1])
        }
        XCTAssertEqual(client.send("GET", client.devicePath(ids[0], "/badge")).status, 503)
        XCTAssertEqual(client.notify(#"{"alert":"Next","broadcast":true}"#), "2000000000000002")
        XCTAssertEqual(fake.tpnsRegister(appKey: "other").response.status, 422, "TPNS is strict")
        XCTAssertEqual(fake.now.pushFakeISO8601, "2026-03-01T09:00:00.000Z")
    }

    func test_aVendorWithoutStateHooks_dumpsNull_andRefusesASection() throws {
        let vendors = try VendorRegistry.standard.adding(Stateless())
        let fake = PushFake(vendors: vendors)
        XCTAssertEqual(fake.stateSnapshot()["vendors"]?["stateless"], .null)
        XCTAssertNil(fake.stateSnapshot()["apps"]?["stateless"])
        try fake.loadState(["vendors": ["stateless": nil]])
        XCTAssertThrowsError(try fake.loadState(["vendors": ["stateless": [:]]])) { error in
            XCTAssertEqual(
                "\(error)", "vendors.stateless: the stateless vendor cannot load state; leave its section out or null")
        }
        XCTAssertThrowsError(try fake.declareApps(["stateless": []])) { error in
            XCTAssertEqual("\(error)", "stateless: the stateless vendor has no apps to declare")
        }
    }

    private struct Stateless: PushVendor {
        var vendor: Vendor { Vendor("stateless") }
        var displayName: String { "Stateless" }
        var pathPrefixes: [String] { ["/stateless"] }
        var routes: [VendorRoute<Int>] { [] }
        func makeState(_ configuration: PushFakeConfiguration) -> Int { 0 }
    }
}

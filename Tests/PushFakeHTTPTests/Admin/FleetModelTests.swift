import Foundation
import PushFakeCore
import PushFakeHTTP
import PushFakeTestSupport
import XCTest

/// The dashboard's fleet model (fleet-model.js, docs/dashboard.md "The fleet view") run in Node.js on the events of
/// real TwinPush and TPNS traffic and the cards of `GET /__pushfake/vendors`: it counts devices by vendor, platform
/// and state, deliveries, receipts and opens, and their latencies, from the cards' fleet parts alone. Skipped, with
/// a message saying so, when `node` is not on the PATH (DashboardScript); scripts/ui-test checks the same numbers in
/// Chromium.
final class FleetModelTests: ServerTestCase {
    /// Loads fleet-model.js, feeds it the events of stdin's `{vendors, events, learnFirst}` (the cards before the
    /// events, or after them as when GET …/vendors answers late) and prints its aggregates.
    private static let driver = #"""
        const fs = require("fs"), vm = require("vm");
        const input = JSON.parse(fs.readFileSync(0, "utf8"));
        const model = vm.runInThisContext(fs.readFileSync(process.argv[1], "utf8") + "\n;FleetModel");
        if (input.maxWaiting) model.limits.waiting = input.maxWaiting;
        if (input.learnFirst) model.learn(input.vendors);
        for (const [type, payload] of input.events) {
          if (type === "entry") model.addEntry(payload); else model.addDelivery(payload);
        }
        if (!input.learnFirst) model.learn(input.vendors);
        const fleet = model.fleet, figures = (l) => [l.count, l.percentile(0.5), l.percentile(1)];
        const groups = {};
        for (const key of [...fleet.groups.keys()].sort()) {
          if (fleet.groups.get(key).some((c) => c > 0)) groups[key] = fleet.groups.get(key);
        }
        const labels = [...fleet.groups.keys()].map((key) => model.displayName(key.split(" ")[0])).sort();
        console.log(JSON.stringify({ groups, devices: fleet.devices.size, totals: fleet.totals, failed: fleet.failed, unheld: fleet.unheld,
          received: figures(fleet.latency.received), opened: figures(fleet.latency.opened), labels }));
        """#

    private func node() throws -> URL { try DashboardScript.node(for: "fleet-model.js") }

    /// What the model makes of `events` with `vendors` (the `vendors` of GET …/vendors).
    private func run(
        _ node: URL, vendors: JSON, events: [JSON], learnFirst: Bool, maxWaiting: Int? = nil
    ) throws -> JSON {
        let input: JSON = [
            "vendors": vendors, "events": .array(events), "learnFirst": .bool(learnFirst),
            "maxWaiting": maxWaiting.map(JSON.int) ?? .null,
        ]
        return try DashboardScript.run(node, Self.driver, script: "fleet-model.js", input: input)
    }

    /// The traffic scripts/ui-test's fleet check sends, in an instance (its clock fixed), then a TPNS device that
    /// unregisters and registers again; returns the stream's entries and deliveries as `[type, payload]`.
    private func traffic() throws -> [JSON] {
        let client = try LoopbackHTTPClient(port: port)
        let id = try XCTUnwrap(client.request("POST", "/__pushfake/instances")?.json?["id"]?.stringValue)
        let root = "/i/\(id)"
        let stream = try EventStreamReader(port: port, path: root + "/__pushfake/events")
        XCTAssertNotNil(stream.next("open"))
        var requests = 0
        func send(_ method: String, _ path: String, _ body: String? = nil) throws -> JSON? {
            requests += 1
            let response = try XCTUnwrap(client.request(method, root + path, body: body), path)
            XCTAssertEqual(response.status, 200, "\(path): \(response.text)")
            return response.json
        }
        func advance(_ seconds: Int) {
            XCTAssertEqual(
                client.request("POST", root + "/__pushfake/clock", body: #"{"advance":\#(seconds)}"#)?.status, 200)
        }
        let app = "/api/v2/apps/fleetapp"
        let hex = String(repeating: "ab", count: 32)
        let fcm = "fcm-" + String(repeating: "A1b2_C3d4:", count: 14)
        var ids: [String: String] = [:]
        for (alias, platform, token) in [
            ("f1", "ios", hex), ("f2", "ios", hex), ("f3", "android", fcm), ("f4", "android", fcm),
            ("f5", "android", fcm), ("f6", "ios", "not-hex"),
        ] {
            let body =
                #"{"udid":"UDID-\#(alias)","platform":"\#(platform)","push_token":"\#(token)","alias_device":"\#(alias)"}"#
            ids[alias] = try send("POST", app + "/devices/register", body)?["objects"]?[0]?["id"]?.stringValue
        }
        for (alias, action) in [("f1", "open_app"), ("f3", "open_app"), ("f4", "open_app"), ("f4", "close_app")] {
            _ = try send("POST", "\(app)/devices/\(ids[alias] ?? "")/\(action)", "{}")
        }
        func registerTPNS(_ device: String, _ type: String) throws {
            let body =
                #"{"deviceId":"\#(device)","deviceRegistrationId":"0f1e","applicationKey":"FLEETKEY","applicationType":"\#(type)"}"#
            _ = try send("POST", "/TPNS/api/device/register", body)
        }
        try registerTPNS("T-1", "IOS")
        try registerTPNS("T-2", "AOS")
        _ = try send("PUT", "/TPNS/api/application/FLEETKEY/device/T-2/unregister")
        let created = try send("POST", app + "/notifications", #"{"alert":"Fleet","broadcast":true}"#)
        let notification = try XCTUnwrap(created?["objects"]?[0]?["id"]?.stringValue)
        let push =
            #"[{"message":"Fleet","handlingLevel":1,"applicationKey":"FLEETKEY","applicationTypes":["IOS","AOS"]}]"#
        _ = try send("POST", "/TPNS/api/pushnotifications", push)
        for (seconds, what, aliases) in [
            (2, "received_notification", ["f3", "f4"]), (3, "open_notification", ["f1", "f3"]),
            (10, "open_notification", ["f4"]), (0, "open_notification", ["f4"]),
        ] {
            advance(seconds)
            for alias in aliases {
                _ = try send("POST", "\(app)/devices/\(ids[alias] ?? "")/notifications/\(notification)/\(what)", "{}")
            }
        }
        // A register brings back a device counted as gone; its platform stays the one first learned.
        try registerTPNS("T-3", "AOS")
        _ = try send("PUT", "/TPNS/api/application/FLEETKEY/device/T-3/unregister")
        try registerTPNS("T-3", "IOS")
        XCTAssertTrue(stream.read { $0.filter { $0.name == "entry" }.count == requests }, "\(stream.events.suffix(3))")
        return stream.events.filter { $0.name == "entry" || $0.name == "delivery" }.compactMap { event in
            event.json.map { .array([.string(event.name), $0]) }
        }
    }

    func test_fleetModel_countsTwinPushAndTPNSTraffic_fromTheCardsFleetParts_whenTheCardsComeFirstOrLast() throws {
        let node = try node()
        let events = try traffic()
        let vendors = try XCTUnwrap(
            LoopbackHTTPClient(port: port).request("GET", "/__pushfake/vendors")?.json?["vendors"])
        for learnFirst in [true, false] {
            let fleet = try run(node, vendors: vendors, events: events, learnFirst: learnFirst)
            // registered, app open, background, unregistered
            XCTAssertEqual(
                fleet["groups"],
                [
                    "tpns android": [1, 0, 0, 1], "tpns ios": [1, 0, 0, 0], "twinPush android": [1, 1, 1, 0],
                    "twinPush ios": [2, 1, 0, 0],
                ], "learnFirst: \(learnFirst)")
            XCTAssertEqual(fleet["devices"], 9)
            XCTAssertEqual(fleet["totals"], [6, 2, 3], "delivered, received, opened")
            XCTAssertEqual(fleet["failed"], 1, "f6's token is refused")
            XCTAssertEqual(fleet["unheld"], 0)
            XCTAssertEqual(fleet["received"], [2, 2000, 2000], "count, p50, max (ms)")
            XCTAssertEqual(fleet["opened"], [3, 5000, 15000])
            XCTAssertEqual(fleet["labels"], ["TPNS", "TPNS", "TwinPush", "TwinPush"], "display names from the cards")
        }
    }

    /// Events wait for the cards up to a limit; past it they are counted as not held instead of growing the page,
    /// and events after the cards never wait.
    func test_fleetModel_holdsAtMostItsLimitOfEvents_beforeTheCards() throws {
        let node = try node()
        let events = try traffic()
        let vendors = try XCTUnwrap(
            LoopbackHTTPClient(port: port).request("GET", "/__pushfake/vendors")?.json?["vendors"])
        XCTAssertGreaterThan(events.count, 5)
        let late = try run(node, vendors: vendors, events: events, learnFirst: false, maxWaiting: 5)
        XCTAssertEqual(late["unheld"], .int(events.count - 5), "every event past the first five")
        XCTAssertNotEqual(late["devices"], 9, "only the held events were counted")
        let early = try run(node, vendors: vendors, events: events, learnFirst: true, maxWaiting: 5)
        XCTAssertEqual(early["unheld"], 0)
        XCTAssertEqual(early["devices"], 9)
    }

    /// Nothing in the model knows TwinPush or TPNS: without their fleet parts, their entries move nothing and only
    /// the devices with a delivery are counted; a part that calls `openApp` a background move is followed.
    func test_fleetModel_followsTheCardsOnly() throws {
        let node = try node()
        let events = try traffic()
        let served = try XCTUnwrap(LoopbackHTTPClient(port: port).request("GET", "/__pushfake/vendors")?.json)
        var vendors = try XCTUnwrap(served["vendors"]?.arrayValue)
        for index in vendors.indices {
            var vendor = try XCTUnwrap(vendors[index].objectValue)
            var card = try XCTUnwrap(vendor["card"]?.objectValue)
            card["fleet"] = .null
            vendor["card"] = .object(card)
            vendors[index] = .object(vendor)
        }
        let bare = try run(node, vendors: .array(vendors), events: events, learnFirst: true)
        XCTAssertEqual(
            bare["groups"],
            ["tpns ios": [1, 0, 0, 0], "twinPush android": [3, 0, 0, 0], "twinPush ios": [3, 0, 0, 0]])
        XCTAssertEqual(bare["totals"], [6, 0, 0], "no receipt or open is read without a fleet part")

        var renamed = try XCTUnwrap(served["vendors"]?.arrayValue)
        let twinPush = try XCTUnwrap(renamed.firstIndex { $0["name"] == "twinPush" })
        var vendor = try XCTUnwrap(renamed[twinPush].objectValue)
        var card = try XCTUnwrap(vendor["card"]?.objectValue)
        var fleet = try XCTUnwrap(card["fleet"]?.objectValue)
        var moves = try XCTUnwrap(fleet["moves"]?.objectValue)
        moves["openApp"] = "background"
        fleet["moves"] = .object(moves)
        card["fleet"] = .object(fleet)
        vendor["card"] = .object(card)
        vendor["displayName"] = "Twin"
        renamed[twinPush] = .object(vendor)
        let followed = try run(node, vendors: .array(renamed), events: events, learnFirst: false)
        XCTAssertEqual(followed["groups"]?["twinPush android"], [1, 0, 2, 0])
        XCTAssertEqual(followed["groups"]?["twinPush ios"], [2, 0, 1, 0])
        XCTAssertEqual(followed["labels"], ["TPNS", "TPNS", "Twin", "Twin"])
    }
}

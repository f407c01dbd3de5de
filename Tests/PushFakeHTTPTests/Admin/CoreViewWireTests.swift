import PushFakeTestSupport
import XCTest

@testable import PushFakeCore
@testable import PushFakeHTTP

/// Core's JSON views are ``WireType``s: every shape a view takes reads back through its description to the same
/// bytes, and the component `openapi.json` publishes for it accepts it; what the reader refuses, the schema refuses.
final class CoreViewWireTests: XCTestCase {
    private let wire = WireViewCheck()
    private var check: JSONSchemaCheck { wire.schema }

    /// A delivery of every shape: delivered, failed with problems, with APNs headers, notes and times, a payload
    /// that is no JSON.
    private func deliveries() -> [Delivery] {
        let start = FakeClock.defaultEpoch
        let plain = Delivery(
            id: "3000000000000001", vendor: .tpns, app: "APP", notificationID: "5000000000000001", deviceID: "D1",
            platform: .iosSandbox, token: "cafe", payload: Array(#"{"aps":{"alert":"Hi"}}"#.utf8), createdAt: start)
        var failed = Delivery(
            id: "3000000000000002", vendor: .twinPush, app: "", notificationID: "2", deviceID: "D2",
            platform: .android, token: nil, payload: Array("not json".utf8), status: .failed(reason: "BadDeviceToken"),
            createdAt: start, apns: Delivery.APNsHeaders(pushType: "background", priority: 5))
        failed.problems = [
            DeliveryProblem(severity: .rejected, code: "BadDeviceToken", message: "m", limit: "l", measured: "x")
        ]
        failed.notes = ["the simulator push failed"]
        var opened = plain
        opened.receivedAt = start.addingTimeInterval(1)
        opened.openedAt = start.addingTimeInterval(2.5)
        return [plain, failed, opened]
    }

    func test_delivery_everyShapeReadsBackToTheSameBytes_andItsSchemaAcceptsIt() throws {
        for delivery in deliveries() {
            try wire.assertRoundTrip(delivery, named: "Delivery")
            XCTAssertEqual(try Delivery(json: delivery.jsonValue), delivery)
        }
        XCTAssertEqual(
            deliveries()[0].jsonValue.serializedString(),
            #"{"id":"3000000000000001","vendor":"tpns","app":"APP","notificationId":"5000000000000001","#
                + #""deviceId":"D1","platform":"ios_sandbox","token":"cafe","payload":{"aps":{"alert":"Hi"}},"#
                + #""payloadBytes":22,"status":"delivered","createdAt":"2026-01-01T00:00:00.000Z","receivedAt":null,"#
                + #""openedAt":null}"#)
    }

    func test_delivery_readerAndSchema_refuseTheSameBrokenForms() throws {
        guard case .object(let good) = deliveries()[0].jsonValue else { return XCTFail("not an object") }
        for (key, value) in [("extra", JSON.int(1)), ("platform", "windows"), ("status", "lost"), ("id", "")] {
            var broken = good
            broken[key] = value
            wire.assertRefused(.object(broken), as: Delivery.self, at: key, named: "Delivery")
        }
        var missing = good
        missing["createdAt"] = nil
        wire.assertRefused(.object(missing), as: Delivery.self, at: "createdAt", named: "Delivery")
        var failedWithoutReason = good
        failedWithoutReason["status"] = "failed"
        XCTAssertThrowsError(try Delivery(wire: .object(failedWithoutReason))) { error in
            XCTAssertEqual("\(error)", "reason: is required")
        }
    }

    /// Journal entries of every shape: a matched route with a fault, an unmatched one, a body that is no UTF-8, a
    /// proxied exchange, a body that could not be read.
    private func entries() throws -> [JournalEntry] {
        let fake = PushFake()
        let rule = #"{"match":{"vendor":"tpns","operation":"register"},"fault":{"tpnsError":-1001}}"#
        fake.inject(try FaultRuleSpec(json: try JSON.parse(rule), vendors: fake.vendors))
        let device = #"{"deviceId":"D1","deviceRegistrationId":"ab","applicationKey":"APP","applicationType":"IOS"}"#
        fake.send("POST", "/TPNS/api/device/register", json: device)
        fake.send("GET", "/nowhere?x=1", json: "")
        var entries = fake.journal.entries
        var request = FakeRequest(method: "PUT", path: "/up", body: [0xff, 0x00, 0x41], transport: .http)
        request.bodyAvailable = false
        entries.append(
            JournalEntry(
                sequence: 9, time: FakeClock.defaultEpoch, request: request, route: nil, vendor: .twinPush, app: "",
                device: nil, fault: nil, response: FakeResponse(status: 599, headers: HTTPHeaders(), body: [0xfe]),
                outcome: .droppedAfterHandling, delay: 0.25, deliveryIDs: ["3000000000000001"], notes: ["n"],
                proxied: ProxiedExchange(mode: .learn, upstream: "https://u.example/TPNS", latency: 0.012)))
        return entries
    }

    func test_journalEntry_everyShapeReadsBackToTheSameBytes_andItsSchemaAcceptsIt() throws {
        let entries = try entries()
        XCTAssertEqual(entries.count, 3)
        XCTAssertNotNil(entries[0].fault)
        XCTAssertTrue(entries[1].isUnmatched)
        for entry in entries {
            try wire.assertRoundTrip(entry, named: "JournalEntry")
            XCTAssertEqual(try JournalEntry(json: entry.jsonValue).jsonValue, entry.jsonValue)
        }
        let odd = entries[2].jsonValue
        XCTAssertEqual(odd["request"]?["bodyBase64"], "/wBB")
        XCTAssertEqual(odd["request"]?["bodyAvailable"], false)
        XCTAssertEqual(odd["proxied"]?["latencyMs"], 12)
        let failed = ProxiedExchange(mode: .proxy, upstream: "https://u.example", latency: 1.5, failure: "timeout")
        try wire.assertRoundTrip(failed, named: "ProxiedExchange")
        XCTAssertEqual(
            failed.jsonValue.serializedString(),
            #"{"mode":"proxy","upstream":"https://u.example","latencyMs":1500,"failure":"timeout"}"#)
        XCTAssertEqual(odd.objectValue?.keys.first, "v")
    }

    func test_journalEntry_readerAndSchema_refuseTheSameBrokenForms() throws {
        guard case .object(let good) = try entries()[0].jsonValue else { return XCTFail("not an object") }
        for (key, value) in [("extra", JSON.int(1)), ("v", 2), ("seq", 0), ("outcome", "lost"), ("delay", -1)] {
            var broken = good
            broken[key] = value
            wire.assertRefused(.object(broken), as: JournalEntry.self, at: key, named: "JournalEntry")
        }
        var noVendor = good
        noVendor["vendor"] = nil
        XCTAssertThrowsError(try JournalEntry(json: .object(noVendor))) { error in
            XCTAssertEqual("\(error)", "vendor: is required when operation is given")
        }
        var badPair = good
        var request = try XCTUnwrap(good["request"]?.objectValue)
        request["headers"] = [["only-a-name"]]
        badPair["request"] = .object(request)
        XCTAssertThrowsError(try JournalEntry(json: .object(badPair))) { error in
            XCTAssertEqual("\(error)", "request.headers[0]: must be a [name, value] pair of strings")
        }
    }

    /// Fault rules of several kinds and scopes, some of them matched and used up.
    private func faultRules() throws -> [FaultRule] {
        let fake = PushFake()
        for rule in [
            #"{"match":{"vendor":"tpns","operation":"register"},"fault":{"tpnsError":-1001}}"#,
            #"{"match":{"vendor":"twinPush"},"fault":{"status":503,"body":"down","delay":0.5},"scope":{"times":2}}"#,
            #"{"fault":{"drop":"connection"},"scope":"always"}"#,
        ] {
            fake.inject(try FaultRuleSpec(json: try JSON.parse(rule), vendors: fake.vendors))
        }
        let device = #"{"deviceId":"D1","deviceRegistrationId":"ab","applicationKey":"APP","applicationType":"IOS"}"#
        fake.send("POST", "/TPNS/api/device/register", json: device)
        return fake.faultRules
    }

    func test_faultRule_everyShapeReadsBackToTheSameBytes_andItsSchemaAcceptsIt() throws {
        let rules = try faultRules()
        XCTAssertEqual(rules.count, 3)
        XCTAssertTrue(rules[0].isExhausted)
        for rule in rules {
            try wire.assertRoundTrip(rule, named: "FaultRule")
        }
        XCTAssertEqual(
            rules[0].jsonValue.serializedString(),
            #"{"id":"fault-1","match":{"vendor":"tpns","operation":"register"},"fault":{"tpnsError":-1001},"#
                + #""scope":"once","description":"\#(rules[0].description)","matchCount":1,"appliedCount":1,"#
                + #""exhausted":true}"#)
    }

    func test_faultRule_readerAndSchema_refuseTheSameBrokenForms() throws {
        guard case .object(let good) = try faultRules()[1].jsonValue else { return XCTFail("not an object") }
        for (key, value) in [("extra", JSON.int(1)), ("matchCount", -1), ("exhausted", "no"), ("fault", "x")] {
            var broken = good
            broken[key] = value
            wire.assertRefused(.object(broken), as: FaultRule.self, at: key, named: "FaultRule")
        }
        var overApplied = good
        overApplied["appliedCount"] = 5
        XCTAssertThrowsError(try FaultRule(wire: .object(overApplied))) { error in
            XCTAssertEqual("\(error)", "appliedCount: must not exceed matchCount (0)")
        }
    }

    func test_clockCommand_readsBackToTheSameBytes_andReaderAndSchemaAgree() throws {
        for command in [ClockCommand.advance(3600), .advance(-0.5), .set(FakeClock.defaultEpoch)] {
            try wire.assertRoundTrip(command, named: "ClockChange")
        }
        XCTAssertEqual(ClockCommand.set(FakeClock.defaultEpoch).jsonValue, ["set": "2026-01-01T00:00:00.000Z"])
        XCTAssertEqual(try ClockCommand(json: ["advance": 5, "set": nil]), .advance(5))
        XCTAssertEqual(check.problems(["advance": 5, "set": nil], WireSchemas.ref("ClockChange")), [])
        for (broken, message) in [
            (JSON.object([:]), #"needs {"advance": seconds} or {"set": "2026-01-02T00:00:00.000Z"}"#),
            (["advance": nil, "set": nil], #"needs {"advance": seconds} or {"set": "2026-01-02T00:00:00.000Z"}"#),
            (["advance": 1, "set": "2026-01-01T00:00:00Z"], "give either advance or set, not both"),
            (["advance": 1e300], "advance: must be a number from -253402300799.999 to 253402300799.999, not 1e+300"),
            (["advance": 1, "by": 2], "by: is not a known field; use advance or set"),
        ] {
            XCTAssertFalse(check.problems(broken, WireSchemas.ref("ClockChange")).isEmpty, "\(broken)")
            XCTAssertThrowsError(try ClockCommand(json: broken), "\(broken)") { error in
                XCTAssertEqual("\(error)", message)
            }
        }
    }

    func test_tpnsViews_readBackToTheSameBytes_andTheirSchemasAcceptThem() throws {
        let fake = PushFake()
        for device in [
            #"{"deviceId":"D1","deviceRegistrationId":"ab","applicationKey":"APP","applicationType":"IOS"}"#,
            #"{"deviceId":"D2","deviceRegistrationId":"-1","applicationKey":"APP","applicationType":"AOS","#
                + #""additionalParameters":[{"key":"k","value":1}]}"#,
        ] {
            fake.send("POST", "/TPNS/api/device/register", json: device)
        }
        fake.send("PUT", "/TPNS/api/application/APP/device/D2/unregister", json: "")
        fake.send(
            "POST", "/TPNS/api/pushnotifications",
            json: #"[{"message":"Hi","handlingLevel":2,"applicationKey":"APP","applicationTypes":["IOS","AOS"]}]"#)
        let devices = fake.tpnsDevices()
        XCTAssertEqual(devices.count, 2)
        XCTAssertTrue(devices.contains { !$0.isActive && $0.unregisteredAt != nil })
        for device in devices { try wire.assertRoundTrip(device, named: "TPNSDevice") }
        let notifications = fake.tpnsNotifications
        XCTAssertEqual(notifications.count, 1)
        for notification in notifications { try wire.assertRoundTrip(notification, named: "TPNSNotification") }
        XCTAssertEqual(
            notifications[0].jsonValue.objectValue?.keys,
            [
                "notificationId", "message", "handlingLevel", "applicationKey", "applicationTypes", "deviceIds",
                "sentAt",
                "deliveredDeviceIds", "unknownDeviceIds", "inactiveDeviceIds", "failedDeviceIds",
            ])
        try wire.assertViewsRoundTrip(fake)
        let wrongItems: JSON = ["tpns": [["deviceId": "D1"]]]
        XCTAssertFalse(check.problems(wrongItems, WireSchemas.ref("DeviceViews")).isEmpty)
        var broken = try XCTUnwrap(devices[0].jsonValue.objectValue)
        broken["applicationType"] = "WINDOWS"
        wire.assertRefused(.object(broken), as: TPNS.Device.self, at: "applicationType", named: "TPNSDevice")
    }

    func test_verifyRequest_readsBackToTheSameBytes_andReaderAndSchemaAgree() throws {
        let matcher = try RequestMatcher(json: ["vendor": "tpns", "operation": "register"])
        for request in [
            VerifyRequest.count(matcher, .once), .count(.any, .never), .inOrder([matcher, .any]),
        ] {
            try wire.assertRoundTrip(request, named: "Verify")
        }
        XCTAssertEqual(try VerifyRequest(json: ["match": [:], "count": nil, "inOrder": nil]), .count(.any, .once))
        XCTAssertEqual(check.problems(["match": [:], "count": nil, "inOrder": nil], WireSchemas.ref("Verify")), [])
        for (broken, message) in [
            (JSON.object([:]), "match: is required"),
            (["match": nil], "match: is required"),
            (["inOrder": [[:]], "count": ["exactly": 1]], "inOrder: cannot be combined with match or count"),
            (["inOrder": []], "inOrder: must have at least 1 item"),
            (["inOrder": [["vendor": 1]]], "inOrder[0].vendor: must be a string, not 1"),
            (
                ["match": [:], "count": ["exactly": -1]],
                "count.exactly: must be an integer from 0 to 1000000000, not -1"
            ),
            (["match": [:], "when": 1], "when: is not a known field; use match, count or inOrder"),
        ] {
            XCTAssertFalse(check.problems(broken, WireSchemas.ref("Verify")).isEmpty, "\(broken)")
            XCTAssertThrowsError(try VerifyRequest(json: broken), "\(broken)") { error in
                XCTAssertEqual("\(error)", message)
            }
        }
    }
}

import Foundation
import PushFakeCore
import PushFakeHTTP
import PushFakeTestSupport
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

final class AdminAPITests: ServerTestCase {
    func test_postFault_injects1001_whenJSONRuleGiven() async throws {
        let added = try await request(
            "POST", "/__pushfake/faults",
            json: #"{"match":{"vendor":"tpns","operation":"register"},"fault":{"tpnsError":-1001},"scope":"once"}"#)
        XCTAssertEqual(added.status, 201)
        XCTAssertEqual(added.body?["id"], "fault-1")
        let faulted = try await request("POST", "/TPNS/api/device/register", json: Self.registerBody)
        XCTAssertEqual(faulted.status, 409)
        XCTAssertEqual(faulted.body?["errors"]?[0]?["errorCode"], -1001)
        let next = try await request("POST", "/TPNS/api/device/register", json: Self.registerBody)
        XCTAssertEqual(next.status, 200)
        let listed = try await request("GET", "/__pushfake/faults")
        XCTAssertEqual(listed.body?["faults"]?[0]?["appliedCount"], 1)
        XCTAssertEqual(listed.body?["faults"]?[0]?["exhausted"], true)
    }

    func test_postFault_answers400WithReason_whenRuleInvalid() async throws {
        let bad = try await request("POST", "/__pushfake/faults", json: #"{"fault":{"tpnsError":-5}}"#)
        XCTAssertEqual(bad.status, 400)
        XCTAssertEqual(bad.body?["error"]?.stringValue?.contains("-1000"), true)
        let notJSON = try await request("POST", "/__pushfake/faults", json: "{")
        XCTAssertEqual(notJSON.status, 400)
        XCTAssertTrue(fake.faultRules.isEmpty)
    }

    func test_faultForms_coverStatusBodyBodyMatcherAndScopes_whenPosted() async throws {
        _ = try await request(
            "POST", "/__pushfake/faults",
            json:
                #"{"match":{"body":{"path":"applicationType","equals":"AOS"}},"fault":{"status":503,"body":{"x":1}},"scope":{"after":1,"times":1}}"#
        )
        let android = #"{"deviceId":"A","applicationKey":"k","applicationType":"AOS"}"#
        let first = try await request("POST", "/TPNS/api/device/register", json: android)
        let second = try await request("POST", "/TPNS/api/device/register", json: android)
        let third = try await request("POST", "/TPNS/api/device/register", json: android)
        XCTAssertEqual([first.status, second.status, third.status], [200, 503, 200])
        XCTAssertEqual(second.body, ["x": 1])
        _ = try await request("DELETE", "/__pushfake/faults")
        XCTAssertTrue(fake.faultRules.isEmpty)
    }

    func test_journal_filtersAndExportsJSONLinesAndHAR_whenQueried() async throws {
        _ = try await request("POST", "/TPNS/api/device/register", json: Self.registerBody)
        _ = try await request("PUT", "/TPNS/api/application/testApp/device/D1/unregister")
        _ = try await request("GET", "/unknown")
        let all = try await request("GET", "/__pushfake/journal")
        XCTAssertEqual(all.body?["count"], 3)
        let unregisters = try await request("GET", "/__pushfake/journal?operation=unregister")
        XCTAssertEqual(unregisters.body?["entries"]?[0]?["seq"], 2)
        let unmatched = try await request("GET", "/__pushfake/journal?unmatched=true")
        XCTAssertEqual(unmatched.body?["entries"]?[0]?["request"]?["path"], "/unknown")

        let (lines, _) = try await URLSession.shared.data(
            from: URL(string: "http://127.0.0.1:\(port)/__pushfake/journal?format=jsonl&since=1")!)
        let parsed = String(decoding: lines, as: UTF8.self).split(separator: "\n").compactMap {
            try? JSON.parse(String($0))
        }
        XCTAssertEqual(parsed.map { $0["seq"] }, [2, 3])
        XCTAssertEqual(parsed.first?["v"], 1)

        let har = try await request("GET", "/__pushfake/journal?format=har")
        XCTAssertEqual(har.body?["log"]?["version"], "1.2")
        XCTAssertEqual(har.body?["log"]?["entries"]?.arrayValue?.count, 3)
        XCTAssertEqual(har.body?["log"]?["entries"]?[0]?["request"]?["method"], "POST")
        XCTAssertEqual(har.body?["log"]?["entries"]?[0]?["response"]?["status"], 200)
    }

    func test_reset_clearsEverything_whenPosted() async throws {
        _ = try await request("POST", "/TPNS/api/device/register", json: Self.registerBody)
        let reset = try await request("POST", "/__pushfake/reset")
        XCTAssertEqual(reset.status, 200)
        XCTAssertTrue(fake.tpnsDevices().isEmpty)
        XCTAssertTrue(fake.journal.entries.isEmpty)
    }

    func test_deleteJournal_clearsOnlyTheJournalAndKeepsCounting_whenCalled() async throws {
        _ = try await request("POST", "/TPNS/api/device/register", json: Self.registerBody)
        _ = try await request("POST", "/__pushfake/faults", json: #"{"fault":{"status":503},"scope":"always"}"#)
        let cleared = try await request("DELETE", "/__pushfake/journal")
        XCTAssertEqual(cleared.status, 200)
        XCTAssertEqual(cleared.body, ["cleared": true, "nextSequence": 2])
        XCTAssertTrue(fake.journal.entries.isEmpty)
        XCTAssertEqual(fake.tpnsDevices().count, 1, "devices stay")
        XCTAssertEqual(fake.faultRules.count, 1, "fault rules stay")
        let next = try await request("POST", "/TPNS/api/device/register", json: Self.registerBody)
        XCTAssertEqual(next.status, 503)
        let journal = try await request("GET", "/__pushfake/journal")
        XCTAssertEqual(journal.body?["entries"]?[0]?["seq"], 2, "sequence numbers keep counting")
        XCTAssertEqual(journal.body?["total"], 2)
    }

    func test_clock_advancesAndSets_whenPosted() async throws {
        let initial = try await request("GET", "/__pushfake/clock")
        XCTAssertEqual(initial.body?["now"], "2026-01-01T00:00:00.000Z")
        let advanced = try await request("POST", "/__pushfake/clock", json: #"{"advance":90}"#)
        XCTAssertEqual(advanced.body?["now"], "2026-01-01T00:01:30.000Z")
        let set = try await request("POST", "/__pushfake/clock", json: #"{"set":"2026-03-04 05:06:07 UTC"}"#)
        XCTAssertEqual(set.body?["now"], "2026-03-04T05:06:07.000Z")
        let bad = try await request("POST", "/__pushfake/clock", json: #"{"set":"yesterday"}"#)
        XCTAssertEqual(bad.status, 400)
    }

    func test_deliveries_listsAndFilters_whenSendsHappened() async throws {
        _ = try await request("POST", "/TPNS/api/device/register", json: Self.registerBody)
        _ = try await request(
            "POST", "/TPNS/api/pushnotifications",
            json:
                #"[{"message":"Hi","handlingLevel":1,"applicationKey":"testApp","applicationTypes":["IOS"],"deviceIds":null}]"#
        )
        let deliveries = try await request("GET", "/__pushfake/deliveries?vendor=tpns&device=D1")
        XCTAssertEqual(deliveries.body?["count"], 1)
        XCTAssertEqual(deliveries.body?["deliveries"]?[0]?["payload"]?["aps"]?["alert"], "Hi")
        let none = try await request("GET", "/__pushfake/deliveries?device=other")
        XCTAssertEqual(none.body?["count"], 0)
    }

    func test_devicesAndNotifications_listEachVendorInItsOwnShape_whenQueried() async throws {
        _ = try await request("POST", "/TPNS/api/device/register", json: Self.registerBody)
        _ = try await request(
            "POST", "/TPNS/api/pushnotifications",
            json: #"[{"message":"Hi","handlingLevel":1,"applicationKey":"testApp","applicationTypes":["IOS"]}]"#)
        for app in ["appB", "appA"] {
            _ = try await request(
                "POST", "/api/v2/apps/\(app)/devices/register",
                json: #"{"udid":"U","platform":"ios","push_token":"AB"}"#
            )
        }
        _ = try await request("POST", "/api/v2/apps/appA/notifications", json: #"{"broadcast":true,"alert":"Yo"}"#)
        let client = try LoopbackHTTPClient(port: port)
        // Devices: TPNS then TwinPush app by app, exactly as each vendor's device JSON writes them.
        let devices: JSON = [
            "tpns": .array(fake.tpnsDevices().map(\.jsonValue)),
            "twinPush": .array(fake.twinPushApps.flatMap { fake.twinPushDevices(app: $0) }.map(\.jsonValue)),
        ]
        XCTAssertEqual(client.request("GET", "/__pushfake/devices")?.text, devices.serializedString())
        XCTAssertEqual(fake.twinPushApps, ["appB", "appA"])
        let twinPushOnly = client.request("GET", "/__pushfake/devices?vendor=twinPush")
        XCTAssertEqual(twinPushOnly?.json?.objectValue?.keys, ["twinPush"])
        let unknown = client.request("GET", "/__pushfake/devices?vendor=apns")
        XCTAssertEqual(unknown?.status, 400)
        XCTAssertEqual(unknown?.json?["error"], "unknown vendor apns; use tpns or twinPush")

        let notifications = try XCTUnwrap(client.request("GET", "/__pushfake/notifications")?.json)
        XCTAssertEqual(notifications["tpns"]?[0]?["notificationId"], "5000000000000001")
        XCTAssertEqual(notifications["tpns"]?[0]?["deliveredDeviceIds"], ["D1"])
        XCTAssertEqual(notifications["twinPush"]?[0]?["app_id"], "appA")
        XCTAssertEqual(notifications["twinPush"]?[0]?["status"], "sent")
        XCTAssertEqual(notifications["twinPush"]?[0]?["delivery_count"], 1)
        XCTAssertEqual(notifications["twinPush"]?[0]?["notification"]?["alert"], "Yo")
    }

    func test_routes_listEveryVendorRouteAlsoByVendor_whenQueried() async throws {
        let routes = try await request("GET", "/__pushfake/routes")
        XCTAssertEqual(routes.body?["vendor"]?.arrayValue?.compactMap { $0.stringValue }, fake.knownRoutes)
        XCTAssertEqual(routes.body?["vendors"]?.objectValue?.keys, ["tpns", "twinPush"])
        XCTAssertEqual(routes.body?["vendors"]?["tpns"]?[0], "POST /TPNS/api/device/register")
        XCTAssertEqual(routes.body?["vendors"]?["twinPush"]?[0], "POST /api/v2/apps/{app}/devices/register")
        XCTAssertEqual(routes.body?["admin"]?.arrayValue?.contains("GET /__pushfake/notifications"), true)
    }

    func test_unknownAdminRoute_answers404WithRouteList_whenCalled() async throws {
        let response = try await request("GET", "/__pushfake/nothing")
        XCTAssertEqual(response.status, 404)
        XCTAssertEqual(response.body?["knownRoutes"]?.arrayValue?.contains("GET /__pushfake/health"), true)
    }
}

/// A large journal is exported off the event loops (OffLoop.swift): same answers, same order.
final class AdminLargeExportTests: ServerTestCase {
    private func fill(_ count: Int) {
        for index in 1...count {
            let body =
                #"{"deviceId":"D\#(index)","deviceRegistrationId":"ab","applicationKey":"K","applicationType":"IOS"}"#
            _ = fake.handle(
                FakeRequest(
                    method: "POST", target: "/TPNS/api/device/register",
                    headers: ["Content-Type": "application/json"], body: Array(body.utf8)))
        }
    }

    func test_largeJournal_isExportedWhole_inEveryFormat() async throws {
        fill(1_500)
        let all = try await request("GET", "/__pushfake/journal")
        XCTAssertEqual(all.body?["count"], 1_500)
        XCTAssertEqual(all.body?["entries"]?[1_499]?["seq"], 1_500)
        let tail = try await request("GET", "/__pushfake/journal?since=1400")
        XCTAssertEqual(tail.body?["count"], 100)
        let har = try await request("GET", "/__pushfake/journal?format=har")
        XCTAssertEqual(har.body?["log"]?["entries"]?.arrayValue?.count, 1_500)
    }

    func test_largeJournalExport_keepsPipelinedOrder_andAnswersTheSnapshotTakenWhenAsked() throws {
        fill(1_200)
        let connection = try RawConnection(port: port, receiveTimeout: 60)
        let register =
            "POST /TPNS/api/device/register HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
            + "Content-Length: \(Self.registerBody.utf8.count)\r\n\r\n\(Self.registerBody)"
        let export = "GET /__pushfake/journal?format=jsonl HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
        let health = "GET /__pushfake/health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"
        XCTAssertTrue(connection.send(export + register + health))
        let answers = RawResponse.parse(connection.readToEnd().bytes)
        // The export holds the 1,200 entries there were when it was asked for, not the register behind it, and the
        // answers come in the order asked.
        XCTAssertEqual(answers.map(\.status), [200, 200, 200])
        let lines = try XCTUnwrap(answers.first).text
        XCTAssertEqual(lines.components(separatedBy: #"{"v":1,"#).count - 1, 1_200)
        XCTAssertTrue(lines.contains(#""seq":1200,"#))
        XCTAssertTrue(answers[1].text.contains(#""deviceId":"D1""#))
        XCTAssertTrue(answers[2].text.contains(#""status":"ok""#))
        XCTAssertEqual(fake.journal.count, 1_201)
    }
}

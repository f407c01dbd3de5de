import PushFakeCore
import PushFakeTestSupport
import XCTest

/// TwinPush's "Devices" page (TwinPush/api-docs at b4b5d47), part 2: the calls a registered device makes, from the
/// documents' own examples. Each "OK (HTTP 200)" answer is `{}` (FakeBehaviour.md, TwinPush: Response shapes).
final class DeviceCallsDocumentedTests: XCTestCase {
    private let client = TwinPushTestClient(fake: PushFake())
    private static let json: HTTPHeaders = ["Content-Type": "application/json; charset: utf-8"]

    /// "get badge": `{"badge": N}`, N changed by notifications and by `update_badge`.
    func test_getBadge_answersTheBadgeCount_raisedByNotificationsAndSetByUpdateBadge() {
        let id = client.registerIOS()
        for _ in 1...6 { _ = client.notify(#"{"devices_ids":["\#(id)"],"alert":"x"}"#) }
        XCTAssertEqual(client.send("GET", client.devicePath(id, "/badge")).json, ["badge": 6])
    }

    /// "update badge": a number sets it, `"+N"` / `"-N"` move it, and a negative result is 0.
    func test_updateBadge_setsIncrementsAndDecrements_asTheValueTableSays() {
        let id = client.registerIOS()
        func update(_ body: String) -> JSON? {
            let reply = client.send("POST", client.devicePath(id, "/update_badge"), body, headers: Self.json)
            XCTAssertEqual(reply.status, 200, reply.text)
            XCTAssertEqual(reply.json, [:])
            return client.send("GET", client.devicePath(id, "/badge")).json["badge"]
        }
        XCTAssertEqual(update(#"{ "badge": 12 }"#), 12)  // the example request
        XCTAssertEqual(update(#"{"badge": "+1"}"#), 13)  // the example body
        XCTAssertEqual(update(#"{"badge": "-2"}"#), 11)
        XCTAssertEqual(update(#"{"badge": 0}"#), 0)
        XCTAssertEqual(update(#"{"badge": "-1"}"#), 0)
    }

    /// "received notification" and "open notification": 200, and the notification's report counts them.
    func test_receivedAndOpenNotification_answerOK_andAreCountedInTheReport() {
        let id = client.registerAndroid()
        let nid = client.notify(#"{"devices_ids":["\#(id)"],"alert":"x"}"#)
        for action in ["received_notification", "open_notification"] {
            let reply = client.send("POST", client.devicePath(id, "/notifications/\(nid)/\(action)"))
            XCTAssertEqual(reply.status, 200, action)
            XCTAssertEqual(reply.json, [:], action)
        }
        let report = client.backend("GET", client.path("/notifications/\(nid)/report"))
        XCTAssertEqual(report.json["received_count"], 1)
        XCTAssertEqual(report.json["opening_count"], 1)
    }

    /// "open app" and "close app": 200, and the device's last usage time (`updated_at`) moves.
    func test_openAndCloseApp_answerOK_andUpdateTheUsageTime() {
        let id = client.registerIOS()
        client.fake.advanceClock(by: 60)
        XCTAssertEqual(client.send("POST", client.devicePath(id, "/open_app")).json, [:])
        XCTAssertEqual(
            client.backend("GET", client.path("/devices/\(id)")).json["updated_at"], "2026-01-01 00:01:00 UTC")
        client.fake.advanceClock(by: 60)
        XCTAssertEqual(client.send("POST", client.devicePath(id, "/close_app")).json, [:])
        let device = client.backend("GET", client.path("/devices/\(id)")).json
        XCTAssertEqual(device["updated_at"], "2026-01-01 00:02:00 UTC")
        XCTAssertEqual(device["last_registered_at"], "2026-01-01 00:00:00 UTC")
    }

    /// "update location": the example body, wrapped in `device`; latitude -90…90, longitude -180…180.
    func test_updateLocation_storesTheExampleLocation_andRefusesOutOfRangeOnes() {
        let id = client.registerAndroid()
        let path = client.devicePath(id, "/report_statistics")
        let reply = client.send("POST", path, #"{ "device": {"latitude": 4.111, "longitude": 10.111} }"#)
        XCTAssertEqual(reply.status, 200, reply.text)
        let location = client.fake.twinPushDevices(app: client.app).first?.location
        XCTAssertEqual(location?.latitude, 4.111)
        XCTAssertEqual(location?.longitude, 10.111)
        assertTwinPushError(
            client.send("POST", path, #"{"device": {"latitude": 91, "longitude": 0}}"#), 422, "DeviceNotUpdated")
        assertTwinPushError(
            client.send("POST", path, #"{"device": {"latitude": 0, "longitude": -180.5}}"#), 422, "DeviceNotUpdated")
    }

    /// "search device notifications": `tags` must all be present, `no_tags` none; the example body and request.
    func test_searchNotifications_filtersByTags_forTheDocumentedExamples() throws {
        let id = client.registerIOS()
        let both = client.notify(#"{"devices_ids":["\#(id)"],"alert":"a","tags":["moritaka","one"]}"#)
        _ = client.notify(#"{"devices_ids":["\#(id)"],"alert":"b","tags":["moritaka","one","two"]}"#)
        _ = client.notify(#"{"devices_ids":["\#(id)"],"alert":"c","tags":["moritaka"]}"#)
        let path = client.devicePath(id, "/search_notifications")
        let body = client.send("POST", path, #"{"tags": ["moritaka","one"], "no_tags": ["two"]}"#, headers: Self.json)
        XCTAssertEqual(body.json["objects"]?.arrayValue?.map { $0["id"]?.stringValue }, [both])
        let request = client.send("POST", path, #"{ "tags": ["moritaka", "one"] }"#)
        XCTAssertEqual(request.json["objects"]?.arrayValue?.map { $0["alert"] }, ["b", "a"])
        // AND each object is a Notification, with `tp_rich` among the tags of a rich one
        let rich = client.notify(#"{"devices_ids":["\#(id)"],"alert":"r","url":"http://twincoders.com/"}"#)
        let found = client.send("POST", path, #"{"tags": ["tp_rich"]}"#).json["objects"]?[0]
        XCTAssertEqual(found?["id"]?.stringValue, rich)
        XCTAssertEqual(found?["tp_rich_url"], "http://twincoders.com/")
        XCTAssertEqual(found?["type"], "Notification")
    }

    /// "search device notifications" with a lone string where the list goes (`{"tags":"tp_rich"}`, as a Ruby
    /// client's README sends): read as a one-element list, like a lenient Rails server (FakeBehaviour.md).
    func test_searchNotifications_readsALoneTagAsAList() {
        let id = client.registerIOS()
        let rich = client.notify(#"{"devices_ids":["\#(id)"],"alert":"r","url":"http://twincoders.com/"}"#)
        let plain = client.notify(#"{"devices_ids":["\#(id)"],"alert":"p"}"#)
        let path = client.devicePath(id, "/search_notifications")
        let tags = client.send("POST", path, #"{"tags":"tp_rich"}"#)
        XCTAssertEqual(tags.status, 200, tags.text)
        XCTAssertEqual(tags.json["objects"]?.arrayValue?.map { $0["id"]?.stringValue }, [rich])
        let noTags = client.send("POST", path, #"{"no_tags":"tp_rich"}"#)
        XCTAssertEqual(noTags.json["objects"]?.arrayValue?.map { $0["id"]?.stringValue }, [plain])
        assertTwinPushError(client.send("POST", path, #"{"tags":7}"#), 400, "BadRequest")
    }

    /// "set custom property": the two example bodies (an integer, an enum list), and `null` deleting it.
    func test_setCustomProperty_storesTheExamples_andNullDeletes() throws {
        let id = client.registerAndroid()
        let path = client.devicePath(id, "/set_custom_property")
        XCTAssertEqual(client.send("POST", path, #"{ "name": "age", "type": "integer", "value": 43 }"#).json, [:])
        XCTAssertEqual(
            client.send(
                "POST", path, #"{"name": "favorite_music", "type": "enum_list", "value": ["Rock", "Blues", "Jazz"]}"#
            )
            .status, 200)
        let shown = client.backend("GET", client.path("/devices/\(id)")).json["custom_properties"]
        XCTAssertEqual(
            shown,
            [
                ["name": "age", "type": "integer", "value": 43],
                ["name": "favorite_music", "type": "enum_list", "value": ["Rock", "Blues", "Jazz"]],
            ])
        // AND each documented type takes its example value; a value that does not fit is 422 InvalidProperty
        for (type, value) in [
            ("string", #""New York""#), ("boolean", "true"), ("integer", "-6"), ("float", "25.0"),
            ("enum", #""VIP client""#),
        ] {
            let reply = client.send("POST", path, #"{"name":"p_\#(type)","type":"\#(type)","value":\#(value)}"#)
            XCTAssertEqual(reply.status, 200, "\(type): \(reply.text)")
        }
        assertTwinPushError(
            client.send("POST", path, #"{"name":"age","type":"integer","value":"old"}"#), 422, "InvalidProperty")
        XCTAssertEqual(client.send("POST", path, #"{"name": "age", "type": "integer", "value": null}"#).status, 200)
        XCTAssertFalse(client.fake.twinPushDevices(app: client.app)[0].customProperties.contains { $0.name == "age" })
    }

    /// "clear custom properties": the example `DELETE` (with a `Content-Type` and no body) removes them all.
    func test_clearCustomProperties_removesEveryProperty() {
        let id = client.registerIOS()
        client.send(
            "POST", client.devicePath(id, "/set_custom_property"), #"{"name":"age","type":"integer","value":43}"#)
        let reply = client.send(
            "DELETE", client.devicePath(id, "/clear_custom_properties"), headers: ["Content-Type": "application/json"])
        XCTAssertEqual(reply.status, 200, reply.text)
        XCTAssertEqual(reply.json, [:])
        XCTAssertEqual(client.fake.twinPushDevices(app: client.app)[0].customProperties, [])
    }
}

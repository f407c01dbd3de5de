import PushFakeCore
import PushFakeTestSupport
import XCTest

/// TwinPush's "Notifications" page (TwinPush/api-docs at b4b5d47), part 1: the model, `show` and `create`, from the
/// documents' own examples. Delete is in NotificationDeleteDocumentedTests; report, deliveries and the inbox in
/// NotificationReadsDocumentedTests.
final class NotificationsDocumentedTests: XCTestCase {
    private let client = TwinPushTestClient(fake: PushFake())

    /// "show notification": the app's path, the device's path, and the example's path without `/apps/{app}`
    /// (the device decides the app) all answer the notification object.
    func test_show_answersTheNotification_onEachDocumentedPath() throws {
        let id = client.registerIOS()
        let nid = client.notify(
            #"{"devices_ids":["\#(id)"],"alert":"Notification message","title":"Title for Android","#
                + #""custom_properties":{"scope":"public","campaign":"001"},"url":"http://twincoders.com/","#
                + #""group_name":"API Deliveries"}"#)
        let paths = [
            client.path("/notifications/\(nid)"), client.devicePath(id, "/notifications/\(nid)"),
            "/api/v2/devices/\(id)/notifications/\(nid)",
        ]
        for path in paths {
            let reply = client.send("GET", path)
            XCTAssertEqual(reply.status, 200, path)
            // the example answer's fields
            let expected: [String: JSON] = [
                "id": .string(nid), "sound": .null, "alert": "Notification message", "title": "Title for Android",
                "badge": "+1", "custom_properties": ["scope": "public", "campaign": "001"],
                "tp_rich_url": "http://twincoders.com/", "delivery_speed": "normal", "group_name": "API Deliveries",
                "send_since": "2026-01-01 00:00:00 UTC", "last_sent_at": "2026-01-01 00:00:00 UTC",
                "tags": ["tp_rich"],
            ]
            for (key, value) in expected { XCTAssertEqual(reply.json[key], value, "\(path) \(key)") }
        }
        // AND the path without the app names an unknown device or notification with the documented 404s
        assertTwinPushError(
            client.send("GET", "/api/v2/devices/1000000000000099/notifications/\(nid)"), 404, "DeviceNotFound")
        assertTwinPushError(
            client.send("GET", "/api/v2/devices/\(id)/notifications/2000000000000099"), 404, "NotificationNotFound")
    }

    /// "create", the first example body: a broadcast with an emoji, custom properties, badge, speed, sound, tags
    /// and group. (The documents' JSON has two stray quotes; here it is valid JSON.) Its `send_since` is in the past
    /// of the fake clock, so it is sent at once.
    func test_create_sendsTheDocumentedBroadcastExample() throws {
        let ios = client.registerIOS()
        let reply = client.create(
            #"{"broadcast": true, "title": "Welcome to TwinPush", "#
                + #""alert": "This is the message displayed in Notifications Center \ud83d\udc4c", "#
                + #""url": "http://www.inception-explained.com", "custom_properties": {"key1": "value1", "key2": "value2"}, "#
                + #""badge": "+1", "delivery_speed": "slow", "sound": "waves", "send_since": "2024-10-10 15:14:33 +0000", "#
                + #""tags": ["one", "two"], "group_name": "Commercial Offers"}"#)
        // THEN `{"objects":[<Notification>]}` with what was sent
        XCTAssertEqual(reply.status, 200, reply.text)
        let object = try XCTUnwrap(reply.json["objects"]?[0])
        XCTAssertEqual(object["alert"], "This is the message displayed in Notifications Center 👌")
        XCTAssertEqual(object["send_since"], "2024-10-10 15:14:33 UTC")
        XCTAssertEqual(object["delivery_speed"], "slow")
        XCTAssertEqual(object["sound"], "waves")
        XCTAssertEqual(object["tags"], ["one", "two", "tp_rich"])
        XCTAssertEqual(object["group_name"], "Commercial Offers")
        // AND the iPhone got it with its badge raised by one
        let payload = try XCTUnwrap(client.fake.deliveries(to: ios).first?.payloadJSON)
        XCTAssertEqual(payload["aps"]?["alert"]?["title"], "Welcome to TwinPush")
        XCTAssertEqual(payload["aps"]?["badge"], 1)
        XCTAssertEqual(payload["aps"]?["sound"], "waves")
        XCTAssertEqual(payload["key1"], "value1")
    }

    /// "create", the second example body: a multiple target by alias, each entry overriding the content.
    func test_create_personalisesTheDocumentedMultipleAliasExample() throws {
        let allan = client.registerIOS(udid: "1", alias: "allan_poe")
        let edgar = client.registerIOS(udid: "2", alias: "edgar_allan")
        let mike = client.registerAndroid(udid: "3", alias: "mike_crichton")
        let anonymous = client.registerAndroid(udid: "4", alias: "annonymous")
        let reply = client.create(
            #"{"alert": "This is the message displayed in Notifications Center", "multiple_alias": {"#
                + #""allan_poe": { "alert": "Hi Allan, welcome to TwinPush" }, "#
                + #""edgar_allan": { "alert": "Hi Edgar, welcome to TwinPush", "custom_properties": { "private": true } }, "#
                + #""mike_crichton": { "alert": "Hi Mike, welcome to TwinPush", "url": "http://example.com" }, "#
                + #""annonymous": {} }}"#)
        XCTAssertEqual(reply.status, 200, reply.text)
        XCTAssertEqual(
            client.fake.deliveries(to: allan).first?.payloadJSON?["aps"]?["alert"], "Hi Allan, welcome to TwinPush")
        XCTAssertEqual(client.fake.deliveries(to: edgar).first?.payloadJSON?["private"], true)
        XCTAssertEqual(client.fake.deliveries(to: mike).first?.payloadJSON?["tp_rich_url"], "http://example.com")
        XCTAssertEqual(
            client.fake.deliveries(to: anonymous).first?.payloadJSON?["message"],
            "This is the message displayed in Notifications Center")
    }

    /// "create", the example request: a scheduled notification to the alias `john` (its 2013 date is the past of
    /// the fake clock); a `send_since` ahead of the clock schedules it instead.
    func test_create_sendsTheDocumentedRequestToAnAlias_andSchedulesAFutureOne() {
        let john = client.registerIOS(alias: "john")
        let reply = client.create(
            #"{"alert": "Test!", "send_since": "2013-10-10 15:14:33 +0000", "#
                + #""url": "http://www.inception-explained.com/", "devices_aliases": ["john"]}"#)
        XCTAssertEqual(reply.status, 200, reply.text)
        XCTAssertEqual(client.fake.deliveries(to: john).count, 1)
        let later = client.notify(
            #"{"alert":"Later","devices_aliases":["john"],"send_since":"2026-01-01 10:00:00 +0000"}"#)
        XCTAssertEqual(client.fake.deliveries(to: john).count, 1)
        XCTAssertEqual(client.backend("GET", client.path("/notifications/\(later)/report")).json["status"], "scheduled")
        client.fake.advanceClock(by: 36_000)
        XCTAssertEqual(client.fake.deliveries(to: john).count, 2)
    }

    /// "Notification Target": each simple target of the documents' examples, one at a time.
    func test_create_reachesTheDevicesOfEachDocumentedSimpleTarget() {
        let student = client.registerIOS(udid: "s", alias: "john01")
        let teacher = client.registerAndroid(udid: "t", alias: "peter41")
        client.send(
            "POST", client.devicePath(student, "/set_custom_property"),
            #"{"name":"role","type":"enum","value":"Student"}"#)
        client.send(
            "POST", client.devicePath(student, "/set_custom_property"),
            #"{"name":"class","type":"enum_list","value":["Grade 1A"]}"#)
        client.send(
            "POST", client.devicePath(teacher, "/set_custom_property"),
            #"{"name":"role","type":"enum","value":"Professor"}"#)
        func reached(_ target: String) -> [String] {
            let nid = client.notify(#"{"alert":"x",\#(target)}"#)
            return client.fake.deliveries.filter { $0.notificationID == nid }.map(\.deviceID)
        }
        XCTAssertEqual(reached(#""broadcast": true"#), [student, teacher])
        XCTAssertEqual(reached(#""devices_ids": ["\#(teacher)","2b3c4d5f6g","3c4d5f6g7h"]"#), [teacher])
        XCTAssertEqual(reached(#""devices_aliases": ["john01", "peter41", "martha78"]"#), [student, teacher])
        XCTAssertEqual(
            reached(
                #""target_properties": {"role": ["Student", "Professor"], "class": ["Grade 1A", "Grade 1B", "Grade 2A"]}"#
            ),
            [student])
        // segments are not modelled (FakeBehaviour.md): accepted, reaching nobody
        XCTAssertEqual(reached(#""segments": ["Gold Users", "Silver Users"]"#), [])
        XCTAssertEqual(
            reached(#""target_properties": {"class": ["Grade 1A"]}, "segments": ["Students", "Professors"]"#), [student]
        )
        // AND two targets at once are refused ("one (and only one) target")
        assertTwinPushError(
            client.create(#"{"alert":"x","broadcast":true,"devices_aliases":["john01"]}"#), 422,
            "NotificationNotCreated")
    }

    /// "protected_content": alert and title are hidden from API requests, shown only to the targeted devices.
    func test_create_hidesProtectedContent_fromAPIAnswersButNotFromTheDevice() throws {
        let id = client.registerIOS()
        let reply = client.create(
            #"{"devices_ids":["\#(id)"],"alert":"Your PIN is 1234","title":"Bank","protected_content":true}"#)
        let nid = try XCTUnwrap(reply.json["objects"]?[0]?["id"]?.stringValue)
        for answer in [
            reply.json["objects"]?[0], client.send("GET", client.path("/notifications/\(nid)")).json,
            client.backend("GET", client.path("/notifications/\(nid)/report")).json["notification"],
        ] {
            XCTAssertEqual(answer?["alert"], "")
            XCTAssertEqual(answer?["title"], "")
            XCTAssertEqual(answer?["protected_content"], true)
        }
        XCTAssertEqual(
            client.send("GET", client.devicePath(id, "/notifications/\(nid)")).json["alert"], "Your PIN is 1234")
        XCTAssertEqual(client.fake.deliveries(to: id).first?.payloadJSON?["aps"]?["alert"]?["body"], "Your PIN is 1234")
    }
}

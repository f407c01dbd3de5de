import PushFakeCore
import PushFakeTestSupport
import XCTest

/// The exact bytes a device receives (TwinPushWireProtocol.md §7, FakeBehaviour.md TwinPush and Payload limits).
final class TwinPushPayloadTests: XCTestCase {
    private let client = TwinPushTestClient(fake: PushFake())

    func test_iosPayload_isByteExact_whenEveryContentFieldIsSet() {
        // GIVEN an iOS device with badge 2
        let id = client.registerIOS()
        client.send("POST", client.devicePath(id, "/update_badge"), #"{"badge":2}"#)
        // WHEN a rich notification with title, sound, mutable content and custom properties is sent
        let nid = client.notify(
            #"{"devices_ids":["\#(id)"],"title":"Hi","alert":"Hello \"you\"","url":"https://x.test/r","#
                + #""sound":"waves","mutable_content":true,"custom_properties":{"campaign":"001","count":2,"vip":true}}"#
        )
        // THEN the APNs JSON has numeric tp_id / tp_device_id, the raised badge and the properties at top level
        XCTAssertEqual(
            client.fake.deliveries(to: id).first?.payloadString,
            #"{"aps":{"alert":{"title":"Hi","body":"Hello \"you\""},"badge":3,"sound":"waves","mutable-content":1},"#
                + #""tp_id":\#(nid),"tp_device_id":\#(id),"tp_rich_url":"https://x.test/r","campaign":"001","count":2,"#
                + #""vip":true}"#)
    }

    func test_iosPayload_carriesAPlainAlertAndNoBadge_whenThereIsNoTitleAndBadgeIsNull() {
        // GIVEN an iOS device
        let id = client.registerIOS()
        // WHEN a notification without title, with badge null and an attachment property is sent
        let nid = client.notify(
            #"{"devices_ids":["\#(id)"],"alert":"Plain","badge":null,"custom_properties":{"attachment":"https://x.test/a.png"}}"#
        )
        // THEN aps.alert is a string, there is no badge key, and the attachment asks for mutable-content
        XCTAssertEqual(
            client.fake.deliveries(to: id).first?.payloadString,
            #"{"aps":{"alert":"Plain","mutable-content":1},"tp_id":\#(nid),"tp_device_id":\#(id),"#
                + #""attachment":"https://x.test/a.png"}"#)
        XCTAssertEqual(client.fake.twinPushDevice(id: id)?.badge, 0)
    }

    func test_androidPayload_isByteExact_whenEveryContentFieldIsSet() {
        // GIVEN an Android device
        let id = client.registerAndroid()
        // WHEN a rich notification with custom properties of several JSON types is sent
        let nid = client.notify(
            #"{"devices_ids":["\#(id)"],"title":"Hi","alert":"Hello","url":"https://x.test/r","tags":["news"],"#
                + #""custom_properties":{"campaign":"001","count":2,"vip":true,"tp_channel_id":"offers"}}"#)
        // THEN the data message has string values only, with custom and tags as JSON-encoded strings
        XCTAssertEqual(
            client.fake.deliveries(to: id).first?.payloadString,
            #"{"tp_id":"\#(nid)","title":"Hi","message":"Hello","tp_rich_url":"https://x.test/r","#
                + #""custom":"{\"campaign\":\"001\",\"count\":\"2\",\"vip\":\"true\",\"tp_channel_id\":\"offers\"}","#
                + #""tags":"[\"news\",\"tp_rich\"]"}"#)
    }

    func test_androidPayload_leavesOutTitleAndURL_whenTheyAreNotSet() {
        // GIVEN / WHEN a plain notification to an Android device
        let id = client.registerAndroid()
        let nid = client.notify(#"{"devices_ids":["\#(id)"],"alert":"Hello"}"#)
        // THEN custom and tags are still there, empty
        XCTAssertEqual(
            client.fake.deliveries(to: id).first?.payloadString,
            #"{"tp_id":"\#(nid)","message":"Hello","custom":"{}","tags":"[]"}"#)
    }

    func test_payload_failsWithPayloadTooLarge_whenItExceedsThePlatformLimit() throws {
        // GIVEN an iOS and an Android device
        let ios = client.registerIOS()
        let android = client.registerAndroid()
        // WHEN a notification whose sound name (iOS) and tag (Android) alone are 4,100 bytes is broadcast: the
        // fields the DOCS give no length limit (alert, title, url and custom_properties are held to 255)
        let big = String(repeating: "x", count: 4100)
        let nid = client.notify(#"{"broadcast":true,"alert":"Big","sound":"\#(big)","tags":["\#(big)"]}"#)
        // THEN both deliveries are recorded failed with each network's reason, and the report lists them in errors
        // with no delivery counted
        XCTAssertEqual(client.fake.deliveries(to: ios).first?.status, .failed(reason: "PayloadTooLarge"))
        XCTAssertEqual(client.fake.deliveries(to: android).first?.status, .failed(reason: "MessageTooBig"))
        let report = client.backend("GET", client.path("/notifications/\(nid)/report"))
        XCTAssertEqual(report.json["delivery_count"], 0)
        let errors = try XCTUnwrap(report.json["errors"]?.arrayValue)
        XCTAssertEqual(errors.map { $0["key"] }, ["PayloadTooLarge", "MessageTooBig"])
        XCTAssertEqual(errors.map { $0["platform"] }, ["ios", "android"])
        XCTAssertEqual(errors.first?["created_at"], "2026-01-01 00:00:00 UTC")
    }

    func test_payloadLimit_isInclusive_whenThePayloadIsExactlyAtTheLimit() throws {
        // GIVEN an iOS device and the size of a payload with a one-letter sound name
        let id = client.registerIOS()
        _ = client.notify(#"{"devices_ids":["\#(id)"],"alert":"A","badge":null,"sound":"s"}"#)
        let base = try XCTUnwrap(client.fake.deliveries(to: id).last).payload.count
        // WHEN longer sound names fill it to exactly 4,096 bytes, then one byte more, then two
        let exact = String(repeating: "s", count: 4096 - base + 1)
        for sound in [exact, exact + "s", exact + "ss"] {
            _ = client.notify(#"{"devices_ids":["\#(id)"],"alert":"A","badge":null,"sound":"\#(sound)"}"#)
        }
        // THEN the first is delivered as it is, the second with its one-letter alert trimmed away (DOCS: TwinPush
        // trims the alert), and the third fails: even without an alert it is too large
        let last = client.fake.deliveries(to: id).suffix(3)
        XCTAssertEqual(last.map(\.status), [.delivered, .delivered, .failed(reason: "PayloadTooLarge")])
        XCTAssertEqual(last.map(\.payload.count), [4096, 4096, 4098])
        XCTAssertEqual(last.map { $0.payloadJSON?["aps"]?["alert"] }, ["A", "", "A"])
        XCTAssertEqual(last.map(\.notes.count), [0, 1, 0])
    }

    func test_multipleAlias_personalisesPayloadAndInbox_whenTargetsOverrideContent() throws {
        // GIVEN two users with one device each
        let ana = client.registerIOS(udid: "a", alias: "ana")
        let bob = client.registerAndroid(udid: "b", alias: "bob")
        // WHEN a multiple_alias notification overrides alert and merges custom properties for ana only
        let nid = client.notify(
            #"{"alert":"Hi all","custom_properties":{"k":"base","x":"1"},"inbox":true,"multiple_alias":{"#
                + #""ana":{"alert":"Hi Ana","badge":"7","custom_properties":{"k":"ana","private":true}},"bob":{}}}"#)
        // THEN ana's payload and inbox show her content, bob's the base
        let anaPayload = try XCTUnwrap(client.fake.deliveries(to: ana).first?.payloadJSON)
        XCTAssertEqual(anaPayload["aps"]?["alert"], "Hi Ana")
        XCTAssertEqual(anaPayload["aps"]?["badge"], 7)
        XCTAssertEqual(anaPayload["k"], "ana")
        XCTAssertEqual(anaPayload["private"], true)
        XCTAssertEqual(client.fake.deliveries(to: bob).first?.payloadJSON?["message"], "Hi all")
        let inbox = client.send("GET", client.devicePath(ana, "/inbox"))
        XCTAssertEqual(inbox.json["objects"]?[0]?["notification"]?["alert"], "Hi Ana")
        XCTAssertEqual(
            inbox.json["objects"]?[0]?["notification"]?["custom_properties"], ["k": "ana", "x": "1", "private": "true"])
        XCTAssertEqual(client.send("GET", client.devicePath(bob, "/notifications/\(nid)")).json["alert"], "Hi all")
        XCTAssertEqual(client.send("GET", client.path("/notifications/\(nid)")).json["alert"], "Hi all")
    }
}

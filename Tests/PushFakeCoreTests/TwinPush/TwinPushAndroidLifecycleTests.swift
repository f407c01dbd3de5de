import PushFakeCore
import PushFakeTestSupport
import XCTest

/// A full Android SDK 3.8.5 session: Volley's `Content-Type` with charset, `{}` bodies, integer badge, receipts,
/// percent-encoded query brackets and `objects[0]` detail (TwinPushWireProtocol.md §5, §8).
final class TwinPushAndroidLifecycleTests: XCTestCase {
    func test_androidSession_runsWithoutErrors_whenEveryCallIsSentAsTheSDKSendsIt() throws {
        // GIVEN an Android device registering with os_version_code as an integer
        let client = TwinPushTestClient.strict()
        let android = TwinPushTestClient.androidHeaders
        let id = client.registerAndroid(alias: "bob")
        let device = try XCTUnwrap(client.fake.twinPushDevice(id: id))
        XCTAssertEqual(device.osVersionCode, 33)
        XCTAssertEqual(device.deliveryPlatform, .android)

        // WHEN the activity starts (open_app {}), the badge is set with an integer and read back
        XCTAssertEqual(client.send("POST", client.devicePath(id, "/open_app"), "{}", headers: android).text, "{}")
        XCTAssertEqual(
            client.send("POST", client.devicePath(id, "/update_badge"), #"{"badge":3}"#, headers: android).status, 200)
        XCTAssertEqual(client.send("GET", client.devicePath(id, "/badge")).json, ["badge": 3])

        // AND a notification arrives; the FCM service acknowledges it and the user opens it with {} bodies
        let nid = client.notify(
            #"{"devices_aliases":["bob"],"alert":"Hola","title":"T","tags":["promo"],"inbox":true}"#)
        XCTAssertEqual(client.send("GET", client.devicePath(id, "/badge")).json, ["badge": 4])
        let received = client.send(
            "POST", client.devicePath(id, "/notifications/\(nid)/received_notification"), "{}", headers: android)
        XCTAssertEqual(received.status, 200, received.text)
        XCTAssertEqual(
            client.send("GET", client.devicePath(id, "/inbox_summary")).json, ["total_count": 1, "unopened_count": 1])
        let open = client.send(
            "POST", client.devicePath(id, "/notifications/\(nid)/open_notification"), "{}", headers: android)
        XCTAssertEqual(open.status, 200, open.text)

        // AND it reads the alias inbox with percent-encoded brackets, the device search, and the detail
        let inbox = client.send(
            "GET", client.devicePath(id, "/inbox?tags%5B%5D=promo&no_tags%5B%5D=old&page=1&per_page=20"))
        XCTAssertEqual(inbox.json["objects"]?[0]?["notification"]?["id"]?.stringValue, nid)
        XCTAssertEqual(inbox.json["objects"]?[0]?["received_at"], "2026-01-01 00:00:00 UTC")
        XCTAssertEqual(inbox.json["total_pages"], 1)
        XCTAssertEqual(inbox.json["per_page"], 20)
        let search = client.send(
            "POST", client.devicePath(id, "/search_notifications"), #"{"page":"1","per_page":"30","tags":["promo"]}"#,
            headers: android)
        XCTAssertEqual(search.json["objects"]?[0]?["custom_properties"], [:])
        let detail = client.send("GET", client.devicePath(id, "/notifications/\(nid)"))
        XCTAssertEqual(detail.json["objects"]?[0]?["title"], "T")
        XCTAssertEqual(detail.json["objects"]?[0]?["last_sent_at"], "2026-01-01 00:00:00 UTC")

        // AND sets a property, then deletes it the Android way: no value key at all
        client.send(
            "POST", client.devicePath(id, "/set_custom_property"), #"{"name":"tier","type":"enum","value":"gold"}"#,
            headers: android)
        XCTAssertEqual(client.fake.twinPushDevice(id: id)?.customProperty("tier")?.value, "gold")
        let delete = client.send(
            "POST", client.devicePath(id, "/set_custom_property"), #"{"name":"tier","type":"enum"}"#, headers: android)
        XCTAssertEqual(delete.status, 200)
        XCTAssertNil(client.fake.twinPushDevice(id: id)?.customProperty("tier"))
        client.send(
            "POST", client.devicePath(id, "/report_statistics"), #"{"device":{"latitude":40.383,"longitude":-3.717}}"#,
            headers: android)
        client.send("POST", client.devicePath(id, "/close_app"), "{}", headers: android)

        // THEN the delivery and the report show the receipt and the open, and no call failed
        let delivery = try XCTUnwrap(client.fake.deliveries(ofNotification: nid).first)
        XCTAssertEqual(delivery.receivedAt, client.fake.now)
        XCTAssertEqual(delivery.openedAt, client.fake.now)
        XCTAssertEqual(client.fake.twinPushDevice(id: id)?.location?.latitude, 40.383)
        XCTAssertEqual(
            client.fake.twinPushInbox(alias: "bob", app: TwinPushTestClient.app).first?.openedAt, client.fake.now)
        let report = client.backend("GET", client.path("/notifications/\(nid)/report"))
        XCTAssertEqual(report.json["received_count"], 1)
        XCTAssertEqual(report.json["opening_count"], 1)
        XCTAssertEqual(client.fake.entries(matching: .twinPush().status(200)).count, client.fake.journal.count)
    }

    func test_androidOpenWithoutDeviceID_isCountedOnTheNotification_whenTheDeviceIsNotRegistered() {
        // GIVEN a sent notification
        let client = TwinPushTestClient(fake: PushFake())
        let id = client.registerAndroid()
        let nid = client.notify(#"{"devices_ids":["\#(id)"],"alert":"Hi"}"#)
        // WHEN an unregistered Android app reports open and receipt without the /devices/{id} segment (§1)
        let open = client.send("POST", client.path("/notifications/\(nid)/open_notification"), "{}")
        let received = client.send("POST", client.path("/notifications/\(nid)/received_notification"), "{}")
        // THEN both are accepted and counted on the notification, and no delivery changes
        XCTAssertEqual(open.status, 200)
        XCTAssertEqual(received.status, 200)
        XCTAssertEqual(client.fake.twinPushNotification(id: nid)?.openingCount, 1)
        XCTAssertEqual(client.fake.twinPushNotification(id: nid)?.receivedCount, 1)
        XCTAssertNil(client.fake.deliveries(ofNotification: nid).first?.openedAt)
    }

    func test_huaweiDevice_getsTheDataMessage_whenRegisteredWithPlatformHuawei() {
        // GIVEN a Huawei device
        let client = TwinPushTestClient(fake: PushFake())
        let id = client.registerAndroid(token: "hms-token", platform: "huawei")
        // WHEN a notification is sent to it
        _ = client.notify(#"{"devices_ids":["\#(id)"],"alert":"Hi"}"#)
        // THEN it goes over HMS with the data map that carries `message`
        let delivery = client.fake.deliveries(to: id).first
        XCTAssertEqual(delivery?.platform, .huawei)
        XCTAssertEqual(delivery?.payloadJSON?["message"], "Hi")
    }
}

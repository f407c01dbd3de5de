import PushFakeCore
import PushFakeTestSupport
import XCTest

/// A backend creates notifications with the creator token; devices read and report them (TwinPushWireProtocol.md §9).
final class TwinPushBackendFlowTests: XCTestCase {
    func test_backendFlow_reportsDeliveryReceiptAndOpen_whenTheDeviceReadsItsInboxAndTheExtensionAcks() throws {
        // GIVEN an iOS device with an alias in a declared app
        let client = TwinPushTestClient.strict()
        let id = client.registerIOS(alias: "ana")
        // WHEN the backend creates an inbox notification for the alias
        let create = client.create(
            #"{"devices_aliases":["ana"],"alert":"Your order shipped","title":"Orders","custom_properties":"#
                + #"{"order":1234,"express":true},"inbox":true,"group_name":"Orders","name":"shipped"}"#)
        XCTAssertEqual(create.status, 200, create.text)
        let notification = try XCTUnwrap(create.json["objects"]?[0])
        let nid = try XCTUnwrap(notification["id"]?.stringValue)
        XCTAssertEqual(nid, "2000000000000001")
        XCTAssertEqual(notification["custom_properties"], ["order": "1234", "express": "true"])
        XCTAssertEqual(notification["badge"], "+1")
        XCTAssertEqual(notification["type"], "Notification")
        XCTAssertEqual(create.json["references"], [])
        // AND the device reads the inbox, the summary and the detail, and the receipt extension acks over the
        // app-less path with no headers and no body, before the user opens it
        XCTAssertEqual(client.send("GET", client.devicePath(id, "/inbox")).json["total_entries"], 1)
        XCTAssertEqual(client.send("GET", client.devicePath(id, "/inbox_summary")).json["unopened_count"], 1)
        XCTAssertEqual(client.send("GET", client.devicePath(id, "/notifications/\(nid)")).json["title"], "Orders")
        let receipt = client.send("POST", "/api/v2/devices/\(id)/notifications/\(nid)/received_notification")
        XCTAssertEqual(receipt.status, 200, receipt.text)
        XCTAssertEqual(
            client.fake.entries(matching: .twinPush(.receivedNotification).app(TwinPushTestClient.app)).count, 1)
        client.fake.advanceClock(by: 90)
        XCTAssertEqual(
            client.send("POST", client.devicePath(id, "/notifications/\(nid)/open_notification")).status, 200)

        // THEN the report counts one delivery, one receipt and one open
        let report = client.backend("GET", client.path("/notifications/\(nid)/report"))
        XCTAssertEqual(report.status, 200, report.text)
        XCTAssertEqual(report.json["status"], "sent")
        XCTAssertEqual(report.json["delivery_count"], 1)
        XCTAssertEqual(report.json["received_count"], 1)
        XCTAssertEqual(report.json["opening_count"], 1)
        XCTAssertEqual(report.json["errors"], [])
        XCTAssertEqual(report.json["notification"]?["id"]?.stringValue, nid)
        // AND the deliveries list dates the receipt and the open from the fake clock
        let deliveries = client.backend("GET", client.path("/notifications/\(nid)/deliveries"))
        let delivery = try XCTUnwrap(deliveries.json["objects"]?[0])
        XCTAssertEqual(delivery["id"], 3_000_000_000_000_001)
        XCTAssertEqual(delivery["created_at"], "2026-01-01 00:00:00 UTC")
        XCTAssertEqual(delivery["received_at"], "2026-01-01 00:00:00 UTC")
        XCTAssertEqual(delivery["open_at"], "2026-01-01 00:01:30 UTC")
        XCTAssertEqual(delivery["device"]?["id"]?.stringValue, id)
        XCTAssertEqual(
            client.backend("POST", client.path("/notifications/\(nid)/deliveries"), "{}").json["total_entries"], 1)
        XCTAssertEqual(
            client.fake.twinPushInbox(alias: "ana", app: TwinPushTestClient.app).first?.receivedAt,
            client.fake.now.addingTimeInterval(-90))
    }

    func test_createResponse_listsDeliveriesInTheJournal_whenTheNotificationIsBroadcast() {
        // GIVEN three devices, one without a push token
        let client = TwinPushTestClient(fake: PushFake())
        client.registerIOS(udid: "a")
        client.registerAndroid(udid: "b")
        client.registerIOS(udid: "c", token: nil)
        // WHEN the backend broadcasts
        let nid = client.notify(#"{"broadcast":true,"alert":"All"}"#)
        // THEN the journal entry of the create names the two deliveries, and the tokenless device got none
        let entry = try? XCTUnwrap(client.fake.entries(matching: .twinPush(.createNotification)).last)
        XCTAssertEqual(entry.map { client.fake.deliveries(causedBy: $0).count }, 2)
        XCTAssertEqual(client.fake.deliveries(ofNotification: nid).map(\.platform), [.ios, .android])
        XCTAssertEqual(client.fake.twinPushNotification(id: nid)?.deliveryCount, 2)
    }

    func test_showAndDelete_removeTheNotificationEverywhere_whenTheCreatorDeletesIt() {
        // GIVEN a notification in an alias inbox
        let client = TwinPushTestClient.strict()
        let id = client.registerIOS(alias: "ana")
        let nid = client.notify(#"{"devices_aliases":["ana"],"alert":"Hi","inbox":true}"#)
        XCTAssertEqual(client.send("GET", client.path("/notifications/\(nid)")).json["objects"]?[0]?["alert"], "Hi")
        // WHEN the creator deletes it
        let delete = client.send(
            "DELETE", client.path("/notifications/\(nid)"),
            headers: ["X-TwinPush-REST-API-Key-Creator": TwinPushTestClient.creatorToken])
        // THEN it is gone from show, from the inbox, and a second delete is 404
        XCTAssertEqual(delete.status, 200, delete.text)
        assertTwinPushError(client.send("GET", client.path("/notifications/\(nid)")), 404, "NotificationNotFound")
        XCTAssertEqual(client.send("GET", client.devicePath(id, "/inbox_summary")).json["total_count"], 0)
        let again = client.send(
            "DELETE", client.path("/notifications/\(nid)"),
            headers: ["X-TwinPush-REST-API-Key-Creator": TwinPushTestClient.creatorToken])
        assertTwinPushError(again, 404, "NotificationNotFound")
    }

    func test_listDevices_filtersByAliasActiveAndDate_whenTheBackendPassesFilters() {
        // GIVEN three devices registered an hour apart, one without a token
        let client = TwinPushTestClient.strict()
        let ana = client.registerIOS(udid: "a", alias: "Ana")
        client.fake.advanceClock(by: 3600)
        let bob = client.registerAndroid(udid: "b", alias: "bob")
        client.fake.advanceClock(by: 3600)
        let carl = client.registerIOS(udid: "c", token: nil)
        func ids(_ query: String) -> [String] {
            let reply = client.backend("GET", client.path("/devices" + query))
            XCTAssertEqual(reply.status, 200, reply.text)
            return reply.json["objects"]?.arrayValue?.compactMap { $0["id"]?.stringValue } ?? []
        }
        // WHEN / THEN each filter narrows the list; alias ignores case; date is "changed since"
        XCTAssertEqual(ids(""), [ana, bob, carl])
        XCTAssertEqual(ids("?alias=ana"), [ana])
        XCTAssertEqual(ids("?active=false"), [carl])
        XCTAssertEqual(ids("?date=2026-01-01T00:30:00%2B00:00"), [bob, carl])
        XCTAssertEqual(ids("?per_page=2&page=2"), [carl])
        XCTAssertEqual(client.backend("GET", client.path("/devices/\(bob)")).json["alias_device"], "bob")
        assertTwinPushError(client.backend("GET", client.path("/devices?date=yesterday")), 400, "BadRequest")
    }
}

import PushFakeCore
import PushFakeTestSupport
import XCTest

/// TwinPush's "Notifications" page (TwinPush/api-docs at b4b5d47): "delete notification" (from the system and every
/// inbox, deliveries in progress cancelled) and "delete inbox notification" (from one user's inbox).
final class NotificationDeleteDocumentedTests: XCTestCase {
    /// "delete notification", the example request (no header, no declared app): 200, and the notification is gone
    /// from show, report, deliveries, every alias inbox and every device's search.
    func test_deleteNotification_removesItEverywhere_forTheDocumentedExample() throws {
        // GIVEN two users who got a notification in their inboxes
        let client = TwinPushTestClient(fake: PushFake())
        let ana = client.registerIOS(udid: "a", alias: "ana")
        let bob = client.registerAndroid(udid: "b", alias: "bob")
        let nid = client.notify(#"{"devices_aliases":["ana","bob"],"alert":"Sale","inbox":true}"#)
        XCTAssertEqual(client.send("GET", client.devicePath(ana, "/inbox_summary")).json["total_count"], 1)
        // WHEN the backend deletes it
        let reply = client.send("DELETE", client.path("/notifications/\(nid)"))
        // THEN 200, the journal says what went, and every read that showed it no longer does
        XCTAssertEqual(reply.status, 200, reply.text)
        XCTAssertEqual(reply.json, [:])
        let notes = client.fake.journal.entries.last?.notes ?? []
        XCTAssertTrue(notes.contains("notification \(nid) deleted, removed from 2 alias inboxes"), "\(notes)")
        for path in [
            client.path("/notifications/\(nid)"), client.path("/notifications/\(nid)/report"),
            client.path("/notifications/\(nid)/deliveries"), client.devicePath(ana, "/notifications/\(nid)"),
        ] {
            assertTwinPushError(client.backend("GET", path), 404, "NotificationNotFound")
        }
        for device in [ana, bob] {
            XCTAssertEqual(client.send("GET", client.devicePath(device, "/inbox")).json["objects"], [])
            XCTAssertEqual(client.send("POST", client.devicePath(device, "/search_notifications")).json["objects"], [])
            assertTwinPushError(
                client.send("POST", client.devicePath(device, "/notifications/\(nid)/open_notification")), 404,
                "NotificationNotFound")
        }
        XCTAssertNil(client.fake.twinPushNotification(id: nid))
        // AND its deliveries stay in the delivery log as history
        XCTAssertEqual(client.fake.deliveries.filter { $0.notificationID == nid }.count, 2)
        // AND deleting it again, or one that never was, is 404
        assertTwinPushError(client.send("DELETE", client.path("/notifications/\(nid)")), 404, "NotificationNotFound")
        assertTwinPushError(
            client.send("DELETE", client.path("/notifications/8a2bdm1d50")), 404, "NotificationNotFound")
    }

    /// "delete notification": "any delivery in progress will be cancelled": a notification waiting for its
    /// `send_since` is never sent.
    func test_deleteNotification_cancelsAScheduledSend() {
        let client = TwinPushTestClient.strict()
        let id = client.registerIOS(alias: "ana")
        let nid = client.notify(#"{"devices_ids":["\#(id)"],"alert":"Later","send_since":"2026-01-01 10:00:00 UTC"}"#)
        let reply = client.send(
            "DELETE", client.path("/notifications/\(nid)"),
            headers: ["X-TwinPush-REST-API-Key-Creator": TwinPushTestClient.creatorToken])
        XCTAssertEqual(reply.status, 200, reply.text)
        XCTAssertTrue(
            client.fake.journal.entries.last?.notes.contains(
                "notification \(nid) deleted, its scheduled send cancelled") ?? false)
        client.fake.advanceClock(by: 86_400)
        XCTAssertEqual(client.fake.deliveries(to: id), [])
        XCTAssertEqual(client.send("GET", client.devicePath(id, "/badge")).json, ["badge": 0])
    }

    /// "delete notification", headers: the creator token is required (with a declared app; 403 otherwise, the
    /// notification stays).
    func test_deleteNotification_needsTheCreatorToken_whenTheAppIsDeclared() {
        let client = TwinPushTestClient.strict()
        client.registerIOS()
        let nid = client.notify(#"{"broadcast":true,"alert":"x"}"#)
        for headers: HTTPHeaders in [[:], ["X-TwinPush-REST-API-Token": TwinPushTestClient.apiToken]] {
            assertTwinPushError(
                client.send("DELETE", client.path("/notifications/\(nid)"), headers: headers), 403,
                "InvalidCreatorToken")
        }
        XCTAssertNotNil(client.fake.twinPushNotification(id: nid))
    }

    /// "delete inbox notification", the example request: out of the device's alias inbox, and (PushFake's choice,
    /// FakeBehaviour.md) out of that device's `search_notifications` too; other users keep it.
    func test_deleteInboxNotification_removesItForThatUserOnly() {
        let client = TwinPushTestClient(fake: PushFake())
        let ana = client.registerIOS(udid: "a", alias: "ana")
        let anaTablet = client.registerAndroid(udid: "t", alias: "ana")
        let bob = client.registerAndroid(udid: "b", alias: "bob")
        let nid = client.notify(#"{"broadcast":true,"alert":"Sale","inbox":true}"#)
        let reply = client.send("DELETE", client.devicePath(ana, "/notifications/\(nid)"))
        XCTAssertEqual(reply.status, 200, reply.text)
        XCTAssertEqual(client.send("GET", client.devicePath(ana, "/inbox")).json["objects"], [])
        XCTAssertEqual(client.send("GET", client.devicePath(anaTablet, "/inbox")).json["objects"], [])
        XCTAssertEqual(client.send("POST", client.devicePath(ana, "/search_notifications")).json["objects"], [])
        // the alias's other device still finds it in its own search; bob keeps it everywhere
        XCTAssertEqual(
            client.send("POST", client.devicePath(anaTablet, "/search_notifications")).json["total_entries"], 1)
        XCTAssertEqual(client.send("GET", client.devicePath(bob, "/inbox")).json["total_entries"], 1)
        XCTAssertEqual(client.send("POST", client.devicePath(bob, "/search_notifications")).json["total_entries"], 1)
        // AND the notification itself is untouched; deleting it again from ana's inbox is 404
        XCTAssertEqual(client.backend("GET", client.path("/notifications/\(nid)/report")).status, 200)
        assertTwinPushError(
            client.send("DELETE", client.devicePath(ana, "/notifications/\(nid)")), 404, "NotificationNotFound")
    }
}

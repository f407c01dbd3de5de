import PushFakeCore
import PushFakeTestSupport
import XCTest

/// `send_since` against the fake clock (FakeBehaviour.md, TwinPush).
final class TwinPushSchedulingTests: XCTestCase {
    func test_scheduledNotification_isDeliveredWhenTheClockPassesSendSince_whenAdvancedByTheTest() throws {
        // GIVEN a notification scheduled one hour ahead
        let client = TwinPushTestClient(fake: PushFake())
        let first = client.registerIOS(udid: "a")
        let reply = client.create(#"{"broadcast":true,"alert":"Later","send_since":"2026-01-01 01:00:00 +0000"}"#)
        let nid = try XCTUnwrap(reply.json["objects"]?[0]?["id"]?.stringValue)
        XCTAssertEqual(reply.json["objects"]?[0]?["send_since"], "2026-01-01 01:00:00 UTC")
        XCTAssertEqual(client.fake.twinPushNotification(id: nid)?.status, .scheduled)
        XCTAssertEqual(client.backend("GET", client.path("/notifications/\(nid)/report")).json["status"], "scheduled")
        // AND a device that registers while it waits
        let second = client.registerAndroid(udid: "b")
        // WHEN the clock moves to one second before, then to the time
        client.fake.advanceClock(by: 3599)
        XCTAssertEqual(client.fake.deliveries(ofNotification: nid), [])
        client.fake.advanceClock(by: 1)
        // THEN both devices get it, dated send_since, and the notification is sent
        XCTAssertEqual(client.fake.deliveries(ofNotification: nid).map(\.deviceID), [first, second])
        XCTAssertEqual(client.fake.deliveries(ofNotification: nid).first?.createdAt, client.fake.now)
        let show = client.send("GET", client.path("/notifications/\(nid)"))
        XCTAssertEqual(show.json["last_sent_at"], "2026-01-01 01:00:00 UTC")
        XCTAssertEqual(client.fake.twinPushNotification(id: nid)?.status, .sent)
        XCTAssertEqual(client.fake.twinPushDevice(id: first)?.badge, 1)
    }

    func test_scheduledNotifications_releaseInSendSinceOrder_whenTheClockIsSetPastBoth() {
        // GIVEN two notifications scheduled out of order
        let client = TwinPushTestClient(fake: PushFake())
        let id = client.registerIOS()
        let late = client.notify(#"{"broadcast":true,"alert":"B","send_since":"2026-01-02 00:00:00 UTC"}"#)
        let early = client.notify(#"{"broadcast":true,"alert":"A","send_since":"2026-01-01 12:00:00 UTC"}"#)
        // WHEN the clock jumps past both
        client.fake.setClock(to: Date(timeIntervalSince1970: 1_767_225_600 + 3 * 86_400))
        // THEN the earlier one was delivered first
        XCTAssertEqual(client.fake.deliveries(to: id).map(\.notificationID), [early, late])
    }

    func test_scheduledNotification_isNeverSent_whenDeletedBeforeItsTime() {
        // GIVEN a scheduled notification
        let client = TwinPushTestClient.strict()
        client.registerIOS()
        let nid = client.notify(#"{"broadcast":true,"alert":"X","send_since":"2026-01-01 00:10:00 UTC"}"#)
        // WHEN the creator deletes it and the clock passes its time
        let delete = client.send(
            "DELETE", client.path("/notifications/\(nid)"),
            headers: ["X-TwinPush-REST-API-Key-Creator": TwinPushTestClient.creatorToken])
        XCTAssertEqual(delete.status, 200)
        client.fake.advanceClock(by: 3600)
        // THEN nothing was delivered
        XCTAssertEqual(client.fake.deliveries(vendor: .twinPush), [])
    }

    func test_pastSendSince_sendsAtOnce_whenTheDateIsBeforeTheClock() {
        // GIVEN / WHEN a notification with send_since in the past
        let client = TwinPushTestClient(fake: PushFake())
        let id = client.registerIOS()
        let nid = client.notify(#"{"devices_ids":["\#(id)"],"alert":"Now","send_since":"2025-12-31 23:00:00 UTC"}"#)
        // THEN it is delivered immediately and keeps the send_since it was given
        XCTAssertEqual(client.fake.deliveries(ofNotification: nid).count, 1)
        XCTAssertEqual(
            client.send("GET", client.path("/notifications/\(nid)")).json["send_since"], "2025-12-31 23:00:00 UTC")
    }
}

import Foundation
import PushFakeClients
import PushFakeTesting
import XCTest

/// A full Android SDK 3.8.5 session through ``TwinPushDeviceClient`` (TwinPushWireProtocol.md §5, §8), under both transports.
final class TwinPushAndroidClientTests: XCTestCase {
    private typealias Fixtures = TwinPushClientFixtures

    func test_androidSession_runsEveryCallAsTheSDK_whenLive() async throws {
        try await androidSession(.live)
    }

    func test_androidSession_runsEveryCallAsTheSDK_whenURLProtocol() async throws {
        try await androidSession(.urlProtocol)
    }

    private func androidSession(_ transport: PushFakeTransport) async throws {
        try await withPushFake(transport, configuration: Fixtures.strict) { fake in
            let session = fake.makeURLSession()
            defer { session.finishTasksAndInvalidate() }
            let android = Fixtures.device(.android, fake, session: session)
            let backend = Fixtures.creator(fake, session: session)

            // GIVEN an Android device (base URL = the host) registering with os_version_code as an integer
            let id = try await android.register(alias: "bob", pushToken: "fcm-token-1")
            fake.assertRequested(
                .twinPush(.register).header("X-TwinPush-REST-API-Token", equals: Fixtures.apiToken)
                    .bodyField("os_version_code", equals: 33).bodyField("os_name", .absent))
            XCTAssertEqual(fake.engine.twinPushDevice(id: id)?.deliveryPlatform, .android)

            // WHEN the activity starts (open_app {}), the badge is set with an integer and read back
            var sent = try await android.openApp()
            sent = try await android.updateBadge(3) && sent
            XCTAssertTrue(sent)
            fake.assertRequested(.twinPush(.updateBadge).bodyField("badge", equals: 3))
            let badge = try await android.getBadge()
            XCTAssertEqual(badge, 3)

            // AND a notification for the alias arrives as a data message with a string tp_id; the FCM service
            // acknowledges it, and the user opens it
            let created = try await backend.createNotification(
                ["devices_aliases": ["bob"], "alert": "Hola", "title": "T", "tags": ["promo"], "inbox": true])
            let nid = try XCTUnwrap(created["id"]?.stringValue)
            fake.assertDelivered(["tp_id": .string(nid), "message": "Hola", "tags": #"["promo"]"#], to: id)
            let raised = try await android.getBadge()
            XCTAssertEqual(raised, 4)
            sent = try await android.receivedNotification(nid)
            let unopened = try await android.inboxSummary()
            XCTAssertEqual(unopened, TwinPushInboxSummary(totalCount: 1, unopenedCount: 1))
            sent = try await android.openNotification(nid) && sent
            XCTAssertTrue(sent)
            let opened = try await android.inboxSummary()
            XCTAssertEqual(opened, TwinPushInboxSummary(totalCount: 1, unopenedCount: 0))

            // AND reads the alias inbox (0-based page sent as page + 1, brackets encoded), the search, the detail
            let inbox = try await android.aliasInbox(page: 0, perPage: 20, tags: ["promo"], noTags: ["old"])
            XCTAssertEqual(inbox.objects.first?["notification"]?["id"]?.stringValue, nid)
            XCTAssertEqual(inbox.objects.first?["received_at"], "2026-01-01 00:00:00 UTC")
            XCTAssertEqual(inbox.totalPages, 1)
            XCTAssertFalse(inbox.hasMore)
            let inboxEntry = fake.assertRequested(.twinPush(.inbox)).first
            XCTAssertEqual(inboxEntry?.request.query, "tags%5B%5D=promo&no_tags%5B%5D=old&page=1&per_page=20")
            let search = try await android.searchNotifications(page: 0, perPage: 30, tags: ["promo"])
            XCTAssertEqual(search.objects.first?["custom_properties"], [:])
            fake.assertRequested(
                .twinPush(.searchNotifications).bodyField("page", equals: "1").bodyField("per_page", equals: "30")
                    .bodyField("tags", equals: ["promo"]).bodyField("no_tags", .absent))
            let detail = try await android.notificationDetail(nid)
            XCTAssertEqual(detail["title"], "T")
            XCTAssertEqual(detail["last_sent_at"], "2026-01-01 00:00:00 UTC")

            // AND sets a property, deletes it the Android way (no value key at all), reports a location, closes
            try await android.setCustomProperty("tier", .enumeration("gold"))
            XCTAssertEqual(fake.engine.twinPushDevice(id: id)?.customProperty("tier")?.value, "gold")
            try await android.deleteCustomProperty("tier", type: .enumeration)
            fake.assertRequested(.twinPush(.setCustomProperty).bodyField("value", .absent))
            XCTAssertNil(fake.engine.twinPushDevice(id: id)?.customProperty("tier"))
            try await android.clearCustomProperties()
            try await android.reportLocation(latitude: 40.383, longitude: -3.717)
            try await android.closeApp()
            try await android.deleteInboxNotification(nid)

            // THEN the delivery and the report show the receipt and the open; every call had Volley's headers
            let delivery = try XCTUnwrap(fake.deliveries(ofNotification: nid).first)
            XCTAssertEqual(delivery.receivedAt, fake.now)
            XCTAssertEqual(delivery.openedAt, fake.now)
            XCTAssertEqual(fake.engine.twinPushDevice(id: id)?.location?.latitude, 40.383)
            let report = try await backend.report(nid)
            XCTAssertEqual(report["received_count"], 1)
            XCTAssertEqual(report["opening_count"], 1)
            let deviceCalls = fake.entries(matching: .twinPush()).filter {
                ![.createNotification, .notificationReport].contains($0.operation)
            }
            XCTAssertEqual(deviceCalls.count, 18)
            for entry in deviceCalls {
                let line = "\(entry.request.method) \(entry.request.path)"
                let isPost = entry.request.method == "POST"
                XCTAssertEqual(
                    entry.request.headers["Content-Type"], isPost ? "application/json; charset=utf-8" : nil, line)
                XCTAssertNotEqual(entry.request.headers["Accept"], "application/json", line)
                XCTAssertEqual(entry.status, 200, line)
                if isPost, entry.operation != .register {
                    XCTAssertFalse(entry.request.body.isEmpty, "Android sends a body (at least {}) on POST: \(line)")
                }
            }
            fake.assertRequested(.twinPush(.openApp).bodyField("open_at", .absent))
        }
    }

    func test_androidClient_sendsReportsWithoutTheDeviceSegment_whenNotRegistered() async throws {
        for transport in PushFakeTransport.allCases {
            try await withPushFake(transport) { fake in
                // GIVEN a notification sent to another device, and an Android app that has no device id
                let session = fake.makeURLSession()
                defer { session.finishTasksAndInvalidate() }
                let otherID = try await Fixtures.device(.iOS, fake, session: session).register(pushToken: "AB")
                let created = try await Fixtures.creator(fake, session: session).createNotification(
                    ["devices_ids": [.string(otherID)], "alert": "Hi"])
                let nid = try XCTUnwrap(created["id"]?.stringValue)
                let android = Fixtures.device(.android, fake, session: session)
                let before = fake.journal.count

                // WHEN it reports open and receipt, the lifecycle events and a property
                var sent = try await android.openNotification(nid)
                sent = try await android.receivedNotification(nid) && sent
                XCTAssertTrue(sent, "\(transport)")
                let appEvents = [try await android.openApp(), try await android.closeApp()]
                let refused = await assertTwinPushClientError { try await android.setCustomProperty("a", .integer(1)) }

                // THEN open and receipt went out without /devices/{id} and count on the notification (§1)
                let paths = fake.journal.entries.dropFirst(before).map(\.request.path)
                let prefix = "/api/v2/apps/\(Fixtures.app)/notifications/\(nid)/"
                XCTAssertEqual(paths, [prefix + "open_notification", prefix + "received_notification"])
                XCTAssertEqual(fake.engine.twinPushNotification(id: nid)?.openingCount, 1)
                XCTAssertEqual(fake.engine.twinPushNotification(id: nid)?.receivedCount, 1)
                // … the lifecycle events were skipped and the property refused by the SDK itself
                XCTAssertEqual(appEvents, [false, false])
                XCTAssertEqual(refused?.code, .deviceNotRegistered)
                XCTAssertEqual(refused?.statusCode, 0)
                // … and a badge read without the segment gets the fake's 404
                let badge = await assertTwinPushClientError { _ = try await android.getBadge() }
                XCTAssertEqual(badge?.type, "DeviceNotFound")
                XCTAssertEqual(fake.journal.entries.last?.request.path, "/api/v2/apps/\(Fixtures.app)/badge")
            }
        }
    }
}

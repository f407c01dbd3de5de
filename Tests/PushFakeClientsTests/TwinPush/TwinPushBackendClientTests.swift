import Foundation
import PushFakeClients
import PushFakeTesting
import XCTest

/// A backend creates an inbox notification with ``TwinPushCreatorClient``; an iOS device reads it and opens it, the
/// receipt extension acknowledges it (TwinPushWireProtocol.md §5, §7.1, §9), under both transports.
final class TwinPushBackendClientTests: XCTestCase {
    private typealias Fixtures = TwinPushClientFixtures

    func test_backendFlow_reportsDeliveryReceiptAndOpen_whenLive() async throws {
        try await backendFlow(.live)
    }

    func test_backendFlow_reportsDeliveryReceiptAndOpen_whenURLProtocol() async throws {
        try await backendFlow(.urlProtocol)
    }

    private func backendFlow(_ transport: PushFakeTransport) async throws {
        try await withPushFake(transport, configuration: Fixtures.strict) { fake in
            let session = fake.makeURLSession()
            defer { session.finishTasksAndInvalidate() }
            let ios = Fixtures.device(.iOS, fake, session: session)
            let backend = Fixtures.creator(fake, session: session)
            let id = try await ios.register(alias: "ana", apnsToken: Fixtures.apnsToken)

            // GIVEN the backend creates an inbox notification for the alias with the creator token
            let created = try await backend.createNotification(
                [
                    "devices_aliases": ["ana"], "alert": "Your order shipped", "title": "Orders",
                    "custom_properties": ["order": 1234, "express": true], "inbox": true, "name": "shipped",
                ])
            let nid = try XCTUnwrap(created["id"]?.stringValue)
            XCTAssertEqual(created["custom_properties"], ["order": "1234", "express": "true"])
            XCTAssertEqual(created["badge"], "+1")
            fake.assertRequested(
                .twinPush(.createNotification).header("X-TwinPush-REST-API-Key-Creator", equals: Fixtures.creatorToken)
                    .header("X-TwinPush-REST-API-Token", .absent).bodyField("devices_aliases", equals: ["ana"]))
            // AND the APNs payload carries the ids as numbers, the custom properties as sent
            let delivery = try XCTUnwrap(
                fake.assertDelivered(["aps": ["alert": ["title": "Orders"]], "order": 1234, "express": true], to: id))
            let payload = try XCTUnwrap(delivery.payloadJSON)
            XCTAssertEqual(payload["tp_id"], .int(try XCTUnwrap(Int(nid))))
            XCTAssertEqual(payload["tp_device_id"], .int(try XCTUnwrap(Int(id))))

            // WHEN the device reads the inbox, the summary and the detail
            let inbox = try await ios.aliasInbox(page: 1, perPage: 10)
            XCTAssertEqual(inbox.objects.map { $0["notification"]?["id"]?.stringValue }, [nid])
            let before = try await ios.inboxSummary()
            XCTAssertEqual(before, TwinPushInboxSummary(totalCount: 1, unopenedCount: 1))
            let detail = try await ios.notificationDetail(nid)
            XCTAssertEqual(detail["title"], "Orders")

            // AND the receipt extension reports receipt from the payload: app-less path, no body, no headers
            let reported = try await TwinPushReceiptExtension.didReceive(
                payload: payload, serverURL: fake.twinPushBaseURL, session: session)
            XCTAssertTrue(reported)
            let receipt = fake.assertRequested(
                .twinPush(.receivedNotification).header("Content-Type", .absent)
                    .header("X-TwinPush-REST-API-Token", .absent))
            XCTAssertEqual(
                receipt.first?.request.path, "/api/v2/devices/\(id)/notifications/\(nid)/received_notification")
            XCTAssertEqual(receipt.first?.request.body, [])
            XCTAssertEqual(receipt.first?.app, Fixtures.app)

            // AND 90 s later the user opens it with the push's tp_id
            fake.advanceClock(by: 90)
            let opened = try await ios.openNotification(payload["tp_id"]?.intValue.map(String.init) ?? "")
            XCTAssertTrue(opened)

            // THEN the report counts one delivery, one receipt and one open
            let report = try await backend.report(nid)
            XCTAssertEqual(report["status"], "sent")
            XCTAssertEqual(report["delivery_count"], 1)
            XCTAssertEqual(report["received_count"], 1)
            XCTAssertEqual(report["opening_count"], 1)
            XCTAssertEqual(report["errors"], [])
            fake.assertRequested(
                .twinPush(.notificationReport).header("X-TwinPush-REST-API-Token", equals: Fixtures.apiToken))
            // AND the deliveries list dates receipt and open from the fake clock
            let deliveries = try await backend.deliveries(nid)
            XCTAssertEqual(deliveries.objects.first?["received_at"], "2026-01-01 00:00:00 UTC")
            XCTAssertEqual(deliveries.objects.first?["open_at"], "2026-01-01 00:01:30 UTC")
            XCTAssertEqual(deliveries.objects.first?["device"]?["id"]?.stringValue, id)
            XCTAssertFalse(deliveries.hasMore)
            let summary = try await ios.inboxSummary()
            XCTAssertEqual(summary, TwinPushInboxSummary(totalCount: 1, unopenedCount: 0))
        }
    }

    func test_creatorClient_listsShowsAndDeletes_whenTheBackendManagesTheApp() async throws {
        for transport in PushFakeTransport.allCases {
            try await withPushFake(transport, configuration: Fixtures.strict) { fake in
                // GIVEN an iOS device with an alias and an Android device without one, an hour apart
                let session = fake.makeURLSession()
                defer { session.finishTasksAndInvalidate() }
                let ana = try await Fixtures.device(.iOS, fake, session: session).register(
                    alias: "Ana", pushToken: "AB")
                fake.advanceClock(by: 3600)
                let android = Fixtures.device(.android, fake, session: session)
                let bob = try await android.register(pushToken: "fcm")
                let backend = Fixtures.creator(fake, session: session)
                let created = try await backend.createNotification(
                    ["devices_aliases": ["Ana"], "alert": "Hi", "inbox": true])
                let nid = try XCTUnwrap(created["id"]?.stringValue)

                // WHEN the backend lists devices with filters and pages, and shows one device and the notification
                let all = try await backend.listDevices(perPage: 1)
                let byAlias = try await backend.listDevices(alias: "ana")
                let recent = try await backend.listDevices(date: "2026-01-01T00:30:00+00:00")
                let device = try await backend.showDevice(bob)
                let shown = try await backend.showNotification(nid)

                // THEN each narrows as asked, and the reads carried the API token
                XCTAssertEqual(all.objects.map { $0["id"]?.stringValue }, [ana], "\(transport)")
                XCTAssertEqual(all.totalPages, 2)
                XCTAssertTrue(all.hasMore)
                XCTAssertEqual(byAlias.objects.map { $0["id"]?.stringValue }, [ana])
                XCTAssertEqual(recent.objects.map { $0["id"]?.stringValue }, [bob])
                XCTAssertEqual(device["platform"], "android")
                XCTAssertEqual(shown["alert"], "Hi")
                fake.assertRequested(
                    .twinPush(.listDevices).header("X-TwinPush-REST-API-Token", equals: Fixtures.apiToken),
                    count: .exactly(3))
                // AND deleting the notification empties the inbox; a second delete is 404 NotificationNotFound
                try await backend.deleteNotification(nid)
                let error = await assertTwinPushClientError { try await backend.deleteNotification(nid) }
                XCTAssertEqual(error?.statusCode, 404)
                XCTAssertEqual(error?.type, "NotificationNotFound")
                XCTAssertEqual(fake.engine.twinPushInbox(alias: "Ana", app: Fixtures.app), [])
            }
        }
    }
}

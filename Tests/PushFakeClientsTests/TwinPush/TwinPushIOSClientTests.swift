import Foundation
import PushFakeClients
import PushFakeTesting
import XCTest

/// A full iOS SDK 4.0.0 session through ``TwinPushDeviceClient`` (TwinPushWireProtocol.md §5, §8), under both transports.
final class TwinPushIOSClientTests: XCTestCase {
    private typealias Fixtures = TwinPushClientFixtures

    func test_iosSession_runsEveryCallAsTheSDK_whenLive() async throws {
        try await iosSession(.live)
    }

    func test_iosSession_runsEveryCallAsTheSDK_whenURLProtocol() async throws {
        try await iosSession(.urlProtocol)
    }

    private func iosSession(_ transport: PushFakeTransport) async throws {
        try await withPushFake(transport, configuration: Fixtures.strict) { fake in
            let session = fake.makeURLSession()
            defer { session.finishTasksAndInvalidate() }
            let ios = Fixtures.device(.iOS, fake, session: session)
            let backend = Fixtures.creator(fake, session: session)

            // GIVEN an iOS device registering with its APNs token as uppercase hex and the API token
            let id = try await ios.register(alias: "ana", apnsToken: Fixtures.apnsToken)
            XCTAssertEqual(id, "1000000000000001")
            XCTAssertEqual(ios.deviceID, id)
            XCTAssertEqual(ios.alias, "ana")
            fake.assertRequested(
                .twinPush(.register).header("X-TwinPush-REST-API-Token", equals: Fixtures.apiToken)
                    .bodyField("push_token", equals: "5C1D2A3B").bodyField("os_name", equals: "iOS")
                    .bodyField("platform", equals: "ios"))

            // WHEN the app becomes active: update_badge "0" (a string), then open_app with integer seconds
            var sent = try await ios.updateBadge(0)
            sent = try await ios.openApp() && sent
            XCTAssertTrue(sent)
            fake.assertRequested(.twinPush(.updateBadge).bodyField("badge", equals: "0"))
            fake.assertRequested(.twinPush(.openApp).bodyField("open_at", equals: 1_583_161_234))
            XCTAssertEqual(fake.engine.twinPushDevice(id: id)?.appOpenedAt, fake.now)

            // AND a rich notification reaches the device: the APNs payload carries numeric tp_id / tp_device_id
            let created = try await backend.createNotification(
                [
                    "devices_ids": [.string(id)], "alert": "Sale", "title": "Shop", "url": "https://x.test/r",
                    "tags": ["news"], "inbox": true,
                ])
            let nid = try XCTUnwrap(created["id"]?.stringValue)
            let delivery = fake.assertDelivered(
                ["aps": ["alert": ["title": "Shop", "body": "Sale"], "badge": 1], "tp_rich_url": "https://x.test/r"],
                to: id)
            let tpID = try XCTUnwrap(delivery?.payloadJSON?["tp_id"]?.intValue)
            XCTAssertEqual(String(tpID), nid)
            let badge = try await ios.getBadge()
            XCTAssertEqual(badge, 1)

            // AND the user taps it: open_notification with the constant open_at, then the auto-reset badge
            sent = try await ios.openNotification(String(tpID))
            sent = try await ios.updateBadge(0) && sent
            sent = try await ios.closeApp() && sent
            XCTAssertTrue(sent)
            fake.assertRequested(.twinPush(.openNotification).bodyField("open_at", equals: "978307200"))
            fake.assertRequested(.twinPush(.closeApp).bodyField("closed_at", equals: 1_583_161_234))
            let resetBadge = try await ios.getBadge()
            XCTAssertEqual(resetBadge, 0)

            // AND sets each property type, deletes one with "value": null, then clears them all
            let values: [TwinPushPropertyValue] = [
                .string("Madrid"), .boolean(true), .integer(43), .float(25.5), .enumeration("VIP"),
                .enumerationList(["Rock", "Blues"]),
            ]
            for value in values { try await ios.setCustomProperty("p_\(value.type.rawValue)", value) }
            XCTAssertEqual(fake.engine.twinPushDevice(id: id)?.customProperties.count, 6)
            XCTAssertEqual(fake.engine.twinPushDevice(id: id)?.customProperty("p_enum_list")?.value, ["Rock", "Blues"])
            try await ios.deleteCustomProperty("p_string")
            fake.assertRequested(.twinPush(.setCustomProperty).bodyField("value", equals: .null))
            XCTAssertNil(fake.engine.twinPushDevice(id: id)?.customProperty("p_string"))
            try await ios.clearCustomProperties()
            XCTAssertEqual(fake.engine.twinPushDevice(id: id)?.customProperties, [])
            try await ios.reportLocation(latitude: 40.383, longitude: -3.717)
            XCTAssertEqual(fake.engine.twinPushDevice(id: id)?.location?.longitude, -3.717)

            // AND reads the device inbox (rich only), the alias inbox, the summary and the bare detail
            let search = try await ios.searchNotifications(page: 1, perPage: 10, onlyRich: true)
            XCTAssertEqual(search.objects.map { $0["id"]?.stringValue }, [nid])
            XCTAssertFalse(search.hasMore, "iOS: more only when a full page came back")
            fake.assertRequested(
                .twinPush(.searchNotifications).bodyField("tags", equals: ["tp_rich"])
                    .bodyField("per_page", equals: "10").bodyField("page", equals: "1")
                    .bodyField("no_tags", .absent))
            let inbox = try await ios.aliasInbox(page: 1, perPage: 1, tags: ["news"])
            XCTAssertEqual(inbox.objects.first?["notification"]?["id"]?.stringValue, nid)
            XCTAssertEqual(inbox.objects.first?["open_at"], "2026-01-01 00:00:00 UTC")
            XCTAssertTrue(inbox.hasMore, "a full page of 1")
            let inboxEntry = fake.assertRequested(.twinPush(.inbox)).first
            XCTAssertEqual(inboxEntry?.request.query, "per_page=1&page=1&tags%5B%5D=news")
            let summary = try await ios.inboxSummary()
            XCTAssertEqual(summary, TwinPushInboxSummary(totalCount: 1, unopenedCount: 0))
            let detail = try await ios.notificationDetail(nid)
            XCTAssertEqual(detail["alert"], "Sale")
            XCTAssertEqual(detail["tags"], ["news", "tp_rich"])

            // THEN deleting it empties the inbox, and every call carried iOS's headers and got a 200
            try await ios.deleteInboxNotification(nid)
            let emptied = try await ios.inboxSummary()
            XCTAssertEqual(emptied, TwinPushInboxSummary(totalCount: 0, unopenedCount: 0))
            XCTAssertEqual(fake.deliveries(to: id, vendor: .twinPush).first?.openedAt, fake.now)
            XCTAssertEqual(fake.engine.twinPushNotification(id: nid)?.openingCount, 1)
            let deviceCalls = fake.entries(matching: .twinPush()).filter { $0.operation != .createNotification }
            XCTAssertEqual(deviceCalls.count, 23)
            for entry in deviceCalls {
                let line = "\(entry.request.method) \(entry.request.path)"
                XCTAssertEqual(entry.request.headers["Content-Type"], "application/json", line)
                XCTAssertEqual(entry.request.headers["Accept"], "application/json", line)
                XCTAssertEqual(entry.status, 200, line)
                XCTAssertEqual(
                    entry.request.headers["X-TwinPush-REST-API-Token"] != nil, entry.operation == .register, line)
            }
        }
    }

    func test_iosClient_skipsOrDropsTheDeviceSegment_whenNotRegistered() async throws {
        for transport in PushFakeTransport.allCases {
            try await withPushFake(transport) { fake in
                // GIVEN a notification in the app, and an iOS app that has no device id yet
                let session = fake.makeURLSession()
                defer { session.finishTasksAndInvalidate() }
                let other = Fixtures.device(.android, fake, session: session)
                let otherID = try await other.register(pushToken: "fcm")
                let created = try await Fixtures.creator(fake, session: session).createNotification(
                    ["devices_ids": [.string(otherID)], "alert": "Hi"])
                let nid = try XCTUnwrap(created["id"]?.stringValue)
                let ios = Fixtures.device(.iOS, fake, session: session)
                let before = fake.journal.count

                // WHEN the app calls what needs a device id
                let skipped = [
                    try await ios.openApp(), try await ios.closeApp(), try await ios.updateBadge(0),
                    try await ios.openNotification(nid), try await ios.receivedNotification(nid),
                    try await ios.reportLocation(latitude: 1, longitude: 2),
                    try await ios.setCustomProperty("a", .string("b")), try await ios.clearCustomProperties(),
                ]
                // THEN those are skipped without a request (§8) …
                XCTAssertEqual(skipped, Array(repeating: false, count: 8), "\(transport)")
                XCTAssertEqual(fake.journal.count, before, "\(transport)")
                // … and the reads go out without /devices/{id}: the fake cannot tell whose they are
                let summary = await assertTwinPushClientError { _ = try await ios.inboxSummary() }
                XCTAssertEqual(summary?.statusCode, 404)
                XCTAssertEqual(summary?.type, "DeviceNotFound")
                XCTAssertEqual(fake.journal.entries.last?.request.path, "/api/v2/apps/\(Fixtures.app)/inbox_summary")
                // … except the detail, whose app-level path is the notification itself (bare object)
                let detail = try await ios.notificationDetail(nid)
                XCTAssertEqual(detail["alert"], "Hi", "\(transport)")
                XCTAssertEqual(
                    fake.journal.entries.last?.request.path, "/api/v2/apps/\(Fixtures.app)/notifications/\(nid)")
                // … and the inbox delete lands on the creator's delete path. With no app declared no token is
                // checked, so it deletes the notification as the DOCS' own example does, and the journal notes the
                // missing creator header (a declared app answers 403 InvalidCreatorToken, TwinPushErrorTests).
                try await ios.deleteInboxNotification(nid)
                XCTAssertNil(fake.engine.twinPushNotification(id: nid), "\(transport)")
                let notes = fake.journal.entries.last?.notes ?? []
                XCTAssertTrue(notes.contains { $0.contains("X-TwinPush-REST-API-Key-Creator") }, "\(notes)")
            }
        }
    }
}

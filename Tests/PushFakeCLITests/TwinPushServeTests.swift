import Foundation
import PushFakeClients
import PushFakeCore
import PushFakeTestSupport
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The TwinPush SDK flows through ``TwinPushDeviceClient`` and ``TwinPushCreatorClient`` against the real
/// `pushfake serve` binary, checked through the responses and the admin API.
final class TwinPushServeTests: XCTestCase {
    private let app = TestApps.twinPush.id
    private let apiToken = TestApps.twinPush.apiToken
    private let creatorToken = TestApps.twinPush.creatorToken
    private let session = URLSession(configuration: .ephemeral)

    override func tearDown() {
        session.finishTasksAndInvalidate()
    }

    /// iOS is given `…/api/v2`, Android the host (TwinPushWireProtocol.md §1).
    private func device(
        _ flavour: TwinPushDeviceClient.Flavour, _ server: ServeProcess, apiKey: String? = nil
    ) throws -> TwinPushDeviceClient {
        let host = try XCTUnwrap(URL(string: server.url))
        return TwinPushDeviceClient(
            flavour, session: session, baseURL: flavour == .iOS ? host.appendingPathComponent("api/v2") : host,
            appID: app, apiKey: apiKey ?? apiToken, now: { Date(timeIntervalSince1970: 1_583_161_234) })
    }

    private func backend(_ server: ServeProcess, creatorToken: String? = nil) throws -> TwinPushCreatorClient {
        let base = try XCTUnwrap(URL(string: server.url + "/api/v2"))
        return TwinPushCreatorClient(
            session: session, baseURL: base, appID: app, apiToken: apiToken,
            creatorToken: creatorToken ?? self.creatorToken)
    }

    /// An admin API read, parsed.
    private func admin(_ server: ServeProcess, _ path: String) async throws -> JSON {
        let (status, body) = try await server.request("GET", "/__pushfake/" + path)
        XCTAssertEqual(status, 200, body)
        return try JSON.parse(body)
    }

    func test_serve_answersTheIOSSession_whenTheClientBehavesLikeSDK4() async throws {
        // GIVEN the real binary and an iOS client pointed at …/api/v2
        let server = try ServeProcess(["--quiet"])
        let ios = try device(.iOS, server)
        // WHEN the app registers, becomes active, gets a rich push, opens it, and uses every other call
        let id = try await ios.register(alias: "ana", apnsToken: Data([0x5C, 0x1D]))
        try await ios.updateBadge(0)
        try await ios.openApp()
        let created = try await backend(server).createNotification(
            ["devices_ids": [.string(id)], "alert": "Sale", "url": "https://x.test/r", "inbox": true])
        let nid = try XCTUnwrap(created["id"]?.stringValue)
        let delivered = try await admin(server, "deliveries?device=\(id)")
        let tpID = try XCTUnwrap(delivered["deliveries"]?[0]?["payload"]?["tp_id"]?.intValue)
        try await ios.openNotification(String(tpID))
        try await ios.setCustomProperty("genres", .enumerationList(["Rock"]))
        try await ios.deleteCustomProperty("genres", type: .enumerationList)
        try await ios.clearCustomProperties()
        try await ios.reportLocation(latitude: 40.383, longitude: -3.717)
        let search = try await ios.searchNotifications(page: 1, perPage: 10, onlyRich: true)
        let inbox = try await ios.aliasInbox(page: 1, perPage: 10)
        let detail = try await ios.notificationDetail(nid)
        try await ios.deleteInboxNotification(nid)
        let summary = try await ios.inboxSummary()
        try await ios.closeApp()
        // THEN the answers are what the SDK reads, and the journal shows every call answered 200 with iOS headers
        XCTAssertEqual(String(tpID), nid)
        XCTAssertEqual(search.objects.first?["tp_rich_url"], "https://x.test/r")
        XCTAssertEqual(inbox.objects.first?["open_at"], "2026-01-01 00:00:00 UTC")
        XCTAssertEqual(detail["alert"], "Sale")
        XCTAssertEqual(summary, TwinPushInboxSummary(totalCount: 0, unopenedCount: 0))
        let journal = try await admin(server, "journal?vendor=twinPush")
        let entries = journal["entries"]?.arrayValue ?? []
        XCTAssertEqual(entries.count, 15)
        XCTAssertEqual(entries.filter { $0["response"]?["status"] == 200 }.count, 15)
        let openApp = entries.first { $0["operation"] == "openApp" }
        XCTAssertEqual(openApp?["request"]?["json"], ["open_at": 1_583_161_234])
        XCTAssertEqual(server.stop().status, 0)
    }

    func test_serve_answersTheAndroidSession_whenTheClientBehavesLikeSDK385() async throws {
        // GIVEN the real binary and an Android client given only the host
        let server = try ServeProcess(["--quiet"])
        let android = try device(.android, server)
        // WHEN the app registers, sets its badge, gets a push, acks and opens it, reads its inbox and detail
        let id = try await android.register(alias: "bob", pushToken: "fcm-token-1")
        try await android.openApp()
        try await android.updateBadge(3)
        let created = try await backend(server).createNotification(
            ["devices_aliases": ["bob"], "alert": "Hola", "title": "T", "inbox": true])
        let nid = try XCTUnwrap(created["id"]?.stringValue)
        let badge = try await android.getBadge()
        try await android.receivedNotification(nid)
        try await android.openNotification(nid)
        let inbox = try await android.aliasInbox(page: 0, perPage: 20, tags: [], noTags: ["old"])
        let detail = try await android.notificationDetail(nid)
        try await android.setCustomProperty("tier", .enumeration("gold"))
        try await android.deleteCustomProperty("tier", type: .enumeration)
        try await android.closeApp()
        // THEN the badge went up with the push, the inbox and objects[0] detail read back, and the delivery has
        // the receipt and the open
        XCTAssertEqual(badge, 4)
        XCTAssertEqual(inbox.totalPages, 1)
        XCTAssertEqual(inbox.objects.first?["received_at"], "2026-01-01 00:00:00 UTC")
        XCTAssertEqual(detail["title"], "T")
        let delivered = try await admin(server, "deliveries?device=\(id)")
        XCTAssertEqual(delivered["deliveries"]?[0]?["payload"]?["tp_id"]?.stringValue, nid)
        XCTAssertEqual(delivered["deliveries"]?[0]?["receivedAt"], "2026-01-01T00:00:00.000Z")
        XCTAssertEqual(delivered["deliveries"]?[0]?["openedAt"], "2026-01-01T00:00:00.000Z")
        let inboxCall = try await admin(server, "journal?operation=inbox")
        XCTAssertEqual(inboxCall["entries"]?[0]?["request"]?["query"], "no_tags%5B%5D=old&page=1&per_page=20")
        let failed = try await admin(server, "journal?vendor=twinPush&status=404")
        XCTAssertEqual(failed["count"], 0)
        XCTAssertEqual(server.stop().status, 0)
    }

    func test_serve_reportsTheBackendFlow_whenStrictWithTwinPushApp() async throws {
        // GIVEN the binary with one declared app (strict tokens) and an iOS device with an alias
        let server = try ServeProcess(["--twinpush-app", "\(app):\(apiToken):\(creatorToken)", "--quiet"])
        let ios = try device(.iOS, server)
        let backend = try backend(server)
        let id = try await ios.register(alias: "ana", apnsToken: Data([0xAB]))
        // WHEN the backend creates an inbox notification for the alias; the device reads it, the receipt
        // extension acks it from the delivered payload, and the user opens it a minute later
        let created = try await backend.createNotification(
            ["devices_aliases": ["ana"], "alert": "Shipped", "title": "Orders", "inbox": true])
        let nid = try XCTUnwrap(created["id"]?.stringValue)
        let unopened = try await ios.inboxSummary()
        let detail = try await ios.notificationDetail(nid)
        let delivered = try await admin(server, "deliveries?notification=\(nid)")
        let payload = try XCTUnwrap(delivered["deliveries"]?[0]?["payload"])
        let acked = try await TwinPushReceiptExtension.didReceive(
            payload: payload, serverURL: try XCTUnwrap(URL(string: server.url + "/api/v2")), session: session)
        let clock = try await server.request("POST", "/__pushfake/clock", body: #"{"advance":60}"#)
        try await ios.openNotification(nid)
        // THEN the report and the deliveries count and date the receipt and the open
        XCTAssertEqual(unopened, TwinPushInboxSummary(totalCount: 1, unopenedCount: 1))
        XCTAssertEqual(detail["title"], "Orders")
        XCTAssertTrue(acked)
        XCTAssertEqual(clock.status, 200)
        let report = try await backend.report(nid)
        XCTAssertEqual(report["delivery_count"], 1)
        XCTAssertEqual(report["received_count"], 1)
        XCTAssertEqual(report["opening_count"], 1)
        let deliveries = try await backend.deliveries(nid)
        XCTAssertEqual(deliveries.objects.first?["open_at"], "2026-01-01 00:01:00 UTC")
        let devices = try await backend.listDevices(alias: "ana")
        XCTAssertEqual(devices.objects.map { $0["id"]?.stringValue }, [id])
        // AND wrong tokens are refused with the types that name them
        let wrongDevice = try device(.android, server, apiKey: "wrong")
        let register = await refusal { try await wrongDevice.register(pushToken: "fcm") }
        XCTAssertEqual(register?.statusCode, 403)
        XCTAssertEqual(register?.type, "InvalidToken")
        let wrongCreator = try self.backend(server, creatorToken: "wrong")
        let create = await refusal { _ = try await wrongCreator.createNotification(["broadcast": true, "alert": "x"]) }
        XCTAssertEqual(create?.statusCode, 403)
        XCTAssertEqual(create?.type, "InvalidCreatorToken")
        try await backend.deleteNotification(nid)
        let emptied = try await ios.inboxSummary()
        XCTAssertEqual(emptied.totalCount, 0)
        XCTAssertEqual(server.stop().status, 0)
    }

    /// The ``TwinPushClientError`` `body` throws; fails the test when it throws nothing or something else.
    private func refusal(
        _ body: () async throws -> Void, file: StaticString = #filePath, line: UInt = #line
    ) async -> TwinPushClientError? {
        do {
            try await body()
            XCTFail("expected a TwinPushClientError", file: file, line: line)
        } catch let error as TwinPushClientError {
            return error
        } catch {
            XCTFail("expected a TwinPushClientError, got \(error)", file: file, line: line)
        }
        return nil
    }
}

import Foundation
import PushFakeClients
import PushFakeCore
import PushFakeTestSupport
import PushFakeTesting

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Traffic scenarios that contract tests run under every transport.
enum Scenarios {
    static let deviceID = "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"
    static let token = Data([0x0F, 0x1E, 0x2D, 0x3C])

    /// The TPNS_iOS app flow: register, the backend sends (README curl body), token rotates, unregister, and a
    /// stray call to a wrong path.
    static func tpnsRegisterAndSend(_ fake: RunningPushFake) async throws {
        let session = fake.makeURLSession()
        defer { session.finishTasksAndInvalidate() }
        let client = TPNSClient(session: session, makeDeviceID: { deviceID })
        _ = try await client.register(url: fake.tpnsBaseURL, appKey: "APPKEY", pushToken: token, sandbox: true)
        _ = try await send(
            session, fake.tpnsBaseURL.appendingPathComponent("api/pushnotifications"), method: "POST",
            body:
                #"[{"message":"Test","handlingLevel":1,"applicationKey":"APPKEY","applicationTypes":["IOS_SAND"],"deviceIds":["\#(deviceID)"]}]"#
        )
        _ = try await client.register(
            url: fake.tpnsBaseURL, appKey: "APPKEY", pushToken: Data([1, 2, 3]), sandbox: true)
        try await client.unregister()
    }

    /// Sends `method` to `url` `times` times, one after the other, starting 0.2 s from now: traffic that arrives
    /// while a test waits for it.
    static func sendLater(_ session: URLSession, _ url: URL, method: String, times: Int) -> Task<Void, any Error> {
        Task {
            try await Task.sleep(nanoseconds: 200_000_000)
            for _ in 0..<times { try await send(session, url, method: method) }
        }
    }

    // MARK: TwinPush

    static let twinPushApp = TestApps.twinPush
    /// One declared TwinPush app: tokens are checked, and the journal carries them.
    static var twinPushConfiguration: PushFakeConfiguration { PushFakeConfiguration(twinPushApps: [twinPushApp]) }

    /// A device client of `flavour` with a fixed device clock (iOS `open_at` / `closed_at` go in bodies).
    static func twinPushDevice(
        _ flavour: TwinPushDeviceClient.Flavour, _ fake: RunningPushFake, _ session: URLSession
    ) -> TwinPushDeviceClient {
        TwinPushDeviceClient(
            flavour, session: session, baseURL: flavour == .iOS ? fake.twinPushBaseURL : fake.baseURL,
            appID: twinPushApp.id, apiKey: twinPushApp.apiToken, now: { Date(timeIntervalSince1970: 1_583_161_234) })
    }

    static func twinPushBackend(_ fake: RunningPushFake, _ session: URLSession) -> TwinPushCreatorClient {
        TwinPushCreatorClient(
            session: session, baseURL: fake.twinPushBaseURL, appID: twinPushApp.id, apiToken: twinPushApp.apiToken,
            creatorToken: twinPushApp.creatorToken)
    }

    /// The iOS SDK 4.0.0 app lifecycle (TwinPushWireProtocol.md §8): register, badge reset and open_app on activation, a rich
    /// push opened by its tp_id, properties, location, the device and alias inboxes, detail, delete, close_app.
    /// Returns the device id.
    @discardableResult
    static func twinPushIOSSession(_ fake: RunningPushFake) async throws -> String {
        let session = fake.makeURLSession()
        defer { session.finishTasksAndInvalidate() }
        let ios = twinPushDevice(.iOS, fake, session)
        let id = try await ios.register(alias: "ana", apnsToken: token)
        try await ios.updateBadge(0)
        try await ios.openApp()
        let created = try await twinPushBackend(fake, session).createNotification(
            ["devices_ids": [.string(id)], "alert": "Sale", "url": "https://x.test/r", "tags": ["news"], "inbox": true])
        let tpID = fake.deliveries(to: id).first?.payloadJSON?["tp_id"]?.intValue.map(String.init)
        try await ios.openNotification(tpID ?? "")
        try await ios.updateBadge(0)
        try await ios.setCustomProperty("city", .string("Madrid"))
        try await ios.setCustomProperty("genres", .enumerationList(["Rock", "Blues"]))
        try await ios.deleteCustomProperty("city")
        try await ios.clearCustomProperties()
        try await ios.reportLocation(latitude: 40.383, longitude: -3.717)
        _ = try await ios.searchNotifications(page: 1, perPage: 10, onlyRich: true)
        _ = try await ios.aliasInbox(page: 1, perPage: 10, tags: ["news"])
        _ = try await ios.inboxSummary()
        let nid = created["id"]?.stringValue ?? ""
        _ = try await ios.notificationDetail(nid)
        try await ios.deleteInboxNotification(nid)
        try await ios.closeApp()
        return id
    }

    /// The Android SDK 3.8.5 lifecycle: register, open_app, badge set and read, a push acknowledged and opened,
    /// the alias inbox (0-based page, encoded brackets), search, detail, a property set and deleted without
    /// `value`, location, close_app. Returns the device id.
    @discardableResult
    static func twinPushAndroidSession(_ fake: RunningPushFake) async throws -> String {
        let session = fake.makeURLSession()
        defer { session.finishTasksAndInvalidate() }
        let android = twinPushDevice(.android, fake, session)
        let id = try await android.register(alias: "bob", pushToken: "fcm-token-1")
        try await android.openApp()
        try await android.updateBadge(3)
        _ = try await android.getBadge()
        let created = try await twinPushBackend(fake, session).createNotification(
            ["devices_aliases": ["bob"], "alert": "Hola", "title": "T", "tags": ["promo"], "inbox": true])
        let nid = created["id"]?.stringValue ?? ""
        try await android.receivedNotification(nid)
        try await android.openNotification(nid)
        _ = try await android.aliasInbox(page: 0, perPage: 20, tags: ["promo"], noTags: ["old"])
        _ = try await android.searchNotifications(page: 0, perPage: 30, tags: ["promo"])
        _ = try await android.notificationDetail(nid)
        try await android.setCustomProperty("tier", .enumeration("gold"))
        try await android.deleteCustomProperty("tier", type: .enumeration)
        try await android.reportLocation(latitude: 40.383, longitude: -3.717)
        try await android.closeApp()
        return id
    }

    /// The backend flow of TwinPushWireProtocol.md §9: an inbox notification to an alias; the iOS device reads inbox, summary
    /// and detail; the receipt extension acks on the app-less path; 90 s later the user opens it; the backend reads
    /// report, deliveries and devices, then deletes the notification. Returns the notification id.
    @discardableResult
    static func twinPushBackendFlow(_ fake: RunningPushFake) async throws -> String {
        let session = fake.makeURLSession()
        defer { session.finishTasksAndInvalidate() }
        let ios = twinPushDevice(.iOS, fake, session)
        let backend = twinPushBackend(fake, session)
        let id = try await ios.register(alias: "ana", apnsToken: token)
        let created = try await backend.createNotification(
            [
                "devices_aliases": ["ana"], "alert": "Your order shipped", "title": "Orders",
                "custom_properties": ["order": 1234], "inbox": true,
            ])
        let nid = created["id"]?.stringValue ?? ""
        _ = try await ios.aliasInbox(page: 1, perPage: 10)
        _ = try await ios.inboxSummary()
        _ = try await ios.notificationDetail(nid)
        let payload = fake.deliveries(to: id).first?.payloadJSON ?? .null
        try await TwinPushReceiptExtension.didReceive(
            payload: payload, serverURL: fake.twinPushBaseURL, session: session)
        fake.advanceClock(by: 90)
        try await ios.openNotification(nid)
        _ = try await backend.report(nid)
        _ = try await backend.deliveries(nid)
        _ = try await backend.listDevices(alias: "ana")
        _ = try await backend.showDevice(id)
        try await backend.deleteNotification(nid)
        return nid
    }

    /// One request with an explicit JSON content type; returns status and body.
    @discardableResult
    static func send(
        _ session: URLSession, _ url: URL, method: String, body: String? = nil, headers: [String: String] = [:]
    ) async throws -> (Int, JSON?) {
        let answer = try await HTTPRequest(method, url, body: body, headers: headers).send(on: session)
        return (answer.status, answer.json)
    }
}

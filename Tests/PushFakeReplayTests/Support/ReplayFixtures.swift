import Foundation
import PushFakeCore
import PushFakeHTTP
import XCTest

@testable import PushFakeReplay

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Servers, traffic and recordings for the replay tests: the "real service" is always another PushFake.
enum ReplayFixtures {
    static let app = TwinPushApp(id: "app1", apiToken: "api-token-1", creatorToken: "creator-token-1")
    static let secrets = ["twinpush-api-token": app.apiToken, "twinpush-creator-token": app.creatorToken]

    /// A started server with one declared TwinPush app (so tokens are checked) and `seed`.
    static func server(seed: UInt64 = 0) throws -> PushFakeServer {
        let server = PushFakeServer(fake: PushFake(PushFakeConfiguration(seed: seed, twinPushApps: [app])))
        try server.start()
        return server
    }

    /// One request over URLSession; returns the JSON answer.
    @discardableResult
    static func send(
        _ server: PushFakeServer, _ method: String, _ path: String, json: String? = nil,
        headers: [String: String] = [:]
    ) async throws -> JSON? {
        var request = URLRequest(url: try XCTUnwrap(URL(string: server.baseURL.absoluteString + path)))
        request.httpMethod = method
        if let json {
            request.httpBody = Data(json.utf8)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let session = URLSession(configuration: .ephemeral)
        defer { session.finishTasksAndInvalidate() }
        let (data, _) = try await session.data(for: request)
        return try? JSON.parse(Array(data))
    }

    /// The TwinPush flow of the issue: register, the backend creates a notification for the device's alias, the
    /// device opens it and reads its inbox summary, the backend reads the report. Returns the device and
    /// notification ids.
    @discardableResult
    static func twinPushFlow(_ server: PushFakeServer) async throws -> (device: String, notification: String) {
        let base = "/api/v2/apps/\(app.id)"
        let device = try await send(
            server, "POST", base + "/devices/register",
            json: #"{"udid":"U-1","platform":"ios","push_token":"0F1E2D3C","alias_device":"ana"}"#,
            headers: ["X-TwinPush-REST-API-Token": app.apiToken])
        let deviceID = try XCTUnwrap(device?["objects"]?[0]?["id"]?.stringValue)
        let created = try await send(
            server, "POST", base + "/notifications",
            json: #"{"devices_aliases":["ana"],"alert":"Shipped","inbox":true}"#,
            headers: ["X-TwinPush-REST-API-Key-Creator": app.creatorToken])
        let notificationID = try XCTUnwrap(created?["objects"]?[0]?["id"]?.stringValue)
        try await send(
            server, "POST", base + "/devices/\(deviceID)/notifications/\(notificationID)/open_notification", json: "{}")
        try await send(server, "GET", base + "/devices/\(deviceID)/inbox_summary")
        try await send(
            server, "GET", base + "/notifications/\(notificationID)/report",
            headers: ["X-TwinPush-REST-API-Token": app.apiToken])
        return (deviceID, notificationID)
    }

    /// TPNS register and send, as the SDK and a backend send them.
    static func tpnsFlow(_ server: PushFakeServer) async throws {
        try await send(
            server, "POST", "/TPNS/api/device/register",
            json: #"{"deviceId":"D1","deviceRegistrationId":"ab12","applicationKey":"APPKEY","applicationType":"IOS"}"#)
        try await send(
            server, "POST", "/TPNS/api/pushnotifications",
            json: #"[{"message":"Hi","handlingLevel":1,"applicationKey":"APPKEY","applicationTypes":["IOS"]}]"#)
    }

    /// A stand-in upstream for the flow's recording: a PushFake that adds a field to the inbox summary, answers the
    /// report with 202 (the same body) and opens notifications 0.9 s late.
    static func standIn(for recorded: [JournalEntry]) throws -> PushFakeServer {
        let standIn = try server()
        guard case .object(var summary)? = recorded[3].responseBody else {
            throw PushFakeError.invalidConfiguration("the recording has no inbox summary")
        }
        summary["extra"] = true
        standIn.fake.inject(.status(200, body: .object(summary)), when: .twinPush(.inboxSummary), scope: .always)
        standIn.fake.inject(
            .status(202, body: recorded[4].responseBody), when: .twinPush(.notificationReport), scope: .always)
        standIn.fake.inject(.delay(0.9), when: .twinPush(.openNotification), scope: .always)
        return standIn
    }

    static func parse(_ text: String) throws -> Recording {
        try Recording.parse(Array(text.utf8))
    }

    static func options(_ server: PushFakeServer, _ change: (inout ReplayOptions) -> Void = { _ in }) -> ReplayOptions {
        var options = ReplayOptions(baseURL: server.baseURL.absoluteString, secrets: secrets, environment: [:])
        change(&options)
        return options
    }
}

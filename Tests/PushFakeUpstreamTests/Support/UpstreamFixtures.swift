import Foundation
import PushFakeCore
import PushFakeHTTP
import PushFakeReplay
import PushFakeUpstream
import XCTest

/// A stand-in upstream (another PushFake playing the real service), a proxy in front of it, and the traffic the tests
/// send through the proxy with a blocking loopback client.
enum UpstreamFixtures {
    static let app = TwinPushApp(id: "app1", apiToken: "api-token-1", creatorToken: "creator-token-1")
    static let appKey = "APPKEY-1"
    static let secrets = ["twinpush-api-token": app.apiToken, "twinpush-creator-token": app.creatorToken]

    /// A started server with one declared TwinPush app (so tokens are checked) and `seed`.
    static func server(seed: UInt64 = 0) throws -> PushFakeServer {
        let server = PushFakeServer(fake: PushFake(PushFakeConfiguration(seed: seed, twinPushApps: [app])))
        try server.start()
        return server
    }

    /// A started proxy whose TPNS and TwinPush upstreams are `standIn`'s vendor URLs.
    static func proxy(
        in standIn: PushFakeServer, mode: ProxiedExchange.Mode = .proxy, timeout: Double = 30
    ) throws -> PushFakeServer {
        var urls: [Vendor: URL] = [:]
        for vendor in [Vendor.tpns, .twinPush] { urls[vendor] = standIn.baseURL(for: vendor) }
        return try proxy(urls: urls, mode: mode, timeout: timeout)
    }

    /// A started proxy with the given upstreams and the same TwinPush app as the stand-ins.
    static func proxy(urls: [Vendor: URL], mode: ProxiedExchange.Mode = .proxy, timeout: Double = 30) throws
        -> PushFakeServer
    {
        var configuration = ServerConfiguration()
        configuration.upstream = UpstreamProxy(UpstreamSettings(urls: urls, mode: mode, timeout: timeout))
        let server = PushFakeServer(
            fake: PushFake(PushFakeConfiguration(twinPushApps: [app])), configuration: configuration)
        try server.start()
        return server
    }

    /// One request on a new connection; fails the test when no answer comes.
    static func send(
        _ server: PushFakeServer, _ method: String, _ target: String, body: String? = nil,
        headers: [(String, String)] = [], file: StaticString = #filePath, line: UInt = #line
    ) throws -> LoopbackHTTPClient.Response {
        let client = try LoopbackHTTPClient(port: server.port, receiveTimeout: 60)
        return try XCTUnwrap(
            client.request(method, target, body: body, headers: headers), "no answer to \(method) \(target)",
            file: file, line: line)
    }

    /// TPNS register and send.
    static func tpnsFlow(_ server: PushFakeServer) throws {
        _ = try send(
            server, "POST", "/TPNS/api/device/register",
            body:
                #"{"deviceId":"D1","deviceRegistrationId":"ab12","applicationKey":"\#(appKey)","applicationType":"IOS"}"#
        )
        _ = try send(
            server, "POST", "/TPNS/api/pushnotifications",
            body: #"[{"message":"Hi","handlingLevel":1,"applicationKey":"\#(appKey)","applicationTypes":["IOS"]}]"#)
    }

    /// TwinPush register → create → open → inbox summary → report; returns the device and notification ids.
    @discardableResult
    static func twinPushFlow(_ server: PushFakeServer) throws -> (device: String, notification: String) {
        let base = "/api/v2/apps/\(app.id)"
        let register = try send(
            server, "POST", base + "/devices/register",
            body: #"{"udid":"U-1","platform":"ios","push_token":"0F1E2D3C","alias_device":"ana"}"#,
            headers: [("X-TwinPush-REST-API-Token", app.apiToken)])
        let device = try XCTUnwrap(try JSON.parse(register.body)["objects"]?[0]?["id"]?.stringValue, register.text)
        let created = try send(
            server, "POST", base + "/notifications",
            body: #"{"devices_aliases":["ana"],"alert":"Shipped","inbox":true}"#,
            headers: [("X-TwinPush-REST-API-Key-Creator", app.creatorToken)])
        let notification = try XCTUnwrap(
            try JSON.parse(created.body)["objects"]?[0]?["id"]?.stringValue, created.text)
        _ = try send(
            server, "POST", base + "/devices/\(device)/notifications/\(notification)/open_notification", body: "{}")
        _ = try send(server, "GET", base + "/devices/\(device)/inbox_summary")
        _ = try send(
            server, "GET", base + "/notifications/\(notification)/report",
            headers: [("X-TwinPush-REST-API-Token", app.apiToken)])
        return (device, notification)
    }

    /// A loopback port nothing listens on: bound, then closed, by a server that is stopped again.
    static func refusedPort() throws -> Int {
        let server = PushFakeServer(fake: PushFake())
        try server.start()
        let port = server.port
        server.stop()
        return port
    }
}

extension UpstreamFixtures {
    /// A stand-in for the TwinPush flow recorded in `reference`: a PushFake that adds a field to the inbox summary,
    /// answers the report with 202 (the same body) and opens notifications 0.6 s late.
    static func standIn(differingFrom reference: [JournalEntry]) throws -> PushFakeServer {
        let standIn = try server()
        guard reference.count == 5, case .object(var summary)? = reference[3].responseBody else {
            throw PushFakeError.invalidConfiguration("the reference has no inbox summary")
        }
        summary["extra"] = true
        standIn.fake.inject(.status(200, body: .object(summary)), when: .twinPush(.inboxSummary), scope: .always)
        standIn.fake.inject(
            .status(202, body: reference[4].responseBody), when: .twinPush(.notificationReport), scope: .always)
        standIn.fake.inject(.delay(0.6), when: .twinPush(.openNotification), scope: .always)
        return standIn
    }

    /// Replays the JSON Lines `recording` against `server` with the TwinPush secrets.
    static func replay(_ recording: String, against server: PushFakeServer) async throws -> DriftReport {
        let options = ReplayOptions(baseURL: server.baseURL.absoluteString, secrets: secrets, environment: [:])
        return try await Replay.run(try Recording.parse(Array(recording.utf8)), options: options)
    }
}

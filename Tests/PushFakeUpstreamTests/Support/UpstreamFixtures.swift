import Foundation
import PushFakeCore
import PushFakeHTTP
import PushFakeReplay
import PushFakeTestSupport
import PushFakeUpstream
import XCTest

/// A stand-in upstream (another PushFake playing the real service), a proxy in front of it, and the traffic the tests
/// send through the proxy (RecordedTraffic's) with a blocking loopback client.
enum UpstreamFixtures {
    static let app = TestApps.recorded
    static let appKey = "APPKEY-1"
    static let secrets = TestApps.recordedSecrets

    /// A started server with one declared TwinPush app (so tokens are checked) and `seed`.
    static func server(seed: UInt64 = 0) throws -> PushFakeServer {
        try RecordedTraffic.server(seed: seed)
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
        headers: [(String, String)] = []
    ) throws -> LoopbackHTTPClient.Response {
        try LoopbackHTTPClient.exchange(port: server.port, method, target, body: body, headers: headers)
    }

    /// TPNS register and send.
    static func tpnsFlow(_ server: PushFakeServer) async throws {
        try await RecordedTraffic.tpnsFlow(appKey: appKey, RecordedTraffic.loopback(server))
    }

    /// TwinPush register → create → open → inbox summary → report; returns the device and notification ids.
    @discardableResult
    static func twinPushFlow(_ server: PushFakeServer) async throws -> (device: String, notification: String) {
        try await RecordedTraffic.twinPushFlow(RecordedTraffic.loopback(server))
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
    /// A stand-in for the TwinPush flow recorded in `reference` that opens notifications 0.6 s late.
    static func standIn(differingFrom reference: [JournalEntry]) throws -> PushFakeServer {
        try RecordedTraffic.standIn(differingFrom: reference, openDelay: 0.6)
    }

    /// The TwinPush flow run on a fresh server (the reference) and a stand-in for it; stop both.
    static func referenceFlowAndStandIn() async throws -> (reference: PushFakeServer, standIn: PushFakeServer) {
        let (reference, standIn) = try await RecordedTraffic.recordedFlowAndStandIn(openDelay: 0.6)
        return (reference, standIn)
    }

    /// Replays the JSON Lines `recording` against `server` with the TwinPush secrets.
    static func replay(_ recording: String, against server: PushFakeServer) async throws -> DriftReport {
        let options = ReplayOptions(baseURL: server.baseURL.absoluteString, secrets: secrets, environment: [:])
        return try await Replay.run(try Recording.parse(Array(recording.utf8)), options: options)
    }
}

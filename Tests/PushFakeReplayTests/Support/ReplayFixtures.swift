import Foundation
import PushFakeCore
import PushFakeHTTP
import PushFakeTestSupport
import XCTest

@testable import PushFakeReplay

/// Servers, traffic and recordings for the replay tests (RecordedTraffic's, sent through URLSession): the "real
/// service" is always another PushFake.
enum ReplayFixtures {
    static let app = TestApps.recorded
    static let secrets = TestApps.recordedSecrets

    /// A started server with one declared TwinPush app (so tokens are checked) and `seed`.
    static func server(seed: UInt64 = 0) throws -> PushFakeServer {
        try RecordedTraffic.server(seed: seed)
    }

    /// One request over URLSession; returns the JSON answer.
    @discardableResult
    static func send(
        _ server: PushFakeServer, _ method: String, _ path: String, json: String? = nil,
        headers: [String: String] = [:]
    ) async throws -> JSON? {
        try await RecordedTraffic.urlSession(server)(method, path, json, headers.map { ($0.key, $0.value) })
    }

    /// RecordedTraffic's TwinPush flow; returns the device and notification ids.
    @discardableResult
    static func twinPushFlow(_ server: PushFakeServer) async throws -> (device: String, notification: String) {
        try await RecordedTraffic.twinPushFlow(RecordedTraffic.urlSession(server))
    }

    /// TPNS register and send for application key `APPKEY`.
    static func tpnsFlow(_ server: PushFakeServer) async throws {
        try await RecordedTraffic.tpnsFlow(appKey: "APPKEY", RecordedTraffic.urlSession(server))
    }

    /// A stand-in upstream for the recorded TwinPush flow that opens notifications 0.9 s late.
    static func standIn(for recorded: [JournalEntry]) throws -> PushFakeServer {
        try RecordedTraffic.standIn(differingFrom: recorded, openDelay: 0.9)
    }

    /// The TwinPush flow recorded on a fresh server, and a stand-in for it (``standIn(for:)``); stop both.
    static func recordedFlowAndStandIn() async throws -> (recorder: PushFakeServer, standIn: PushFakeServer) {
        try await RecordedTraffic.recordedFlowAndStandIn(openDelay: 0.9)
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

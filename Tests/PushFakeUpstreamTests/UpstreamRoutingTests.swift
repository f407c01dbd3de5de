import Foundation
import PushFakeCore
import PushFakeHTTP
import PushFakeTestSupport
import PushFakeUpstream
import XCTest

/// What goes upstream and what stays: admin requests, paths under no vendor, vendors without an upstream, instance
/// prefixes, headers; and the redaction of the proxy's recordings.
final class UpstreamRoutingTests: XCTestCase {
    func test_adminRequests_unknownPaths_andVendorsWithoutUpstream_areAnsweredLocally() throws {
        // GIVEN a proxy with a TPNS upstream only
        let standIn = try UpstreamFixtures.server()
        defer { standIn.stop() }
        let proxy = try UpstreamFixtures.proxy(urls: [.tpns: try XCTUnwrap(standIn.baseURL(for: .tpns))])
        defer { proxy.stop() }
        // WHEN admin, unknown and TwinPush requests arrive
        let health = try UpstreamFixtures.send(proxy, "GET", "/__pushfake/health")
        let unknown = try UpstreamFixtures.send(proxy, "GET", "/nothing/here")
        let twinPush = try UpstreamFixtures.send(proxy, "GET", "/api/v2/apps/app1/devices/D/inbox_summary")
        // THEN the proxy answered all three itself, and the stand-in saw nothing
        XCTAssertEqual(health.status, 200)
        XCTAssertEqual(unknown.status, 404)
        XCTAssertEqual(twinPush.status, 404, twinPush.text)
        XCTAssertEqual(standIn.fake.journal.entries.count, 0)
        XCTAssertEqual(proxy.fake.journal.entries.count, 2)
        XCTAssertTrue(proxy.fake.journal.entries.allSatisfy { $0.proxied == nil })
        // AND an unknown route under the TPNS prefix goes upstream: the real service may know it
        let unknownTPNS = try UpstreamFixtures.send(proxy, "GET", "/TPNS/api/unknown?x=1")
        XCTAssertEqual(unknownTPNS.status, 404)
        XCTAssertEqual(standIn.fake.journal.entries.last?.request.target, "/TPNS/api/unknown?x=1")
        XCTAssertEqual(proxy.fake.journal.entries.last?.proxied?.mode, .proxy)
    }

    func test_instanceTraffic_goesUpstreamWithoutTheInstancePrefix_andIsJournaledInTheInstance() throws {
        let standIn = try UpstreamFixtures.server()
        defer { standIn.stop() }
        let proxy = try UpstreamFixtures.proxy(in: standIn)
        defer { proxy.stop() }
        let created = try UpstreamFixtures.send(proxy, "POST", "/__pushfake/instances", body: "{}")
        let id = try XCTUnwrap(try JSON.parse(created.body)["id"]?.stringValue, created.text)
        let answer = try UpstreamFixtures.send(
            proxy, "POST", "/i/\(id)/TPNS/api/device/register",
            body: #"{"deviceId":"D9","deviceRegistrationId":"ab12","applicationKey":"K","applicationType":"IOS"}"#)
        XCTAssertEqual(answer.status, 200, answer.text)
        XCTAssertEqual(standIn.fake.journal.entries.map(\.request.path), ["/TPNS/api/device/register"])
        let instance = try XCTUnwrap(proxy.instances.engine(id))
        XCTAssertEqual(instance.journal.entries.first?.proxied?.mode, .proxy)
        XCTAssertEqual(proxy.fake.journal.entries.count, 0)
    }

    func test_hopByHopHeaders_stay_andHostIsTheUpstreams() throws {
        let standIn = try UpstreamFixtures.server()
        defer { standIn.stop() }
        let proxy = try UpstreamFixtures.proxy(in: standIn)
        defer { proxy.stop() }
        _ = try UpstreamFixtures.send(
            proxy, "GET", "/api/v2/apps/app1/devices/D/inbox_summary",
            headers: [
                ("Host", "proxy.example"), ("Connection", "keep-alive, X-Hop"), ("X-Hop", "1"),
                ("Keep-Alive", "timeout=5"), ("TE", "trailers"), ("Proxy-Authorization", "Basic eA=="),
                ("X-Kept", "yes"),
            ])
        let headers = try XCTUnwrap(standIn.fake.journal.entries.first?.request.headers)
        XCTAssertEqual(headers["Host"], "127.0.0.1:\(standIn.port)")
        XCTAssertEqual(headers["X-Kept"], "yes")
        for name in ["X-Hop", "Keep-Alive", "TE", "Proxy-Authorization"] {
            XCTAssertNil(headers[name], "\(name) was forwarded: \(headers)")
        }
    }

    func test_recordingExports_replaceTokensAndAskedForAppKeysByPlaceholders() async throws {
        // GIVEN TPNS and TwinPush traffic journaled by a proxy
        let standIn = try UpstreamFixtures.server()
        defer { standIn.stop() }
        let proxy = try UpstreamFixtures.proxy(in: standIn, mode: .learn)
        defer { proxy.stop() }
        try await UpstreamFixtures.tpnsFlow(proxy)
        try await UpstreamFixtures.twinPushFlow(proxy)
        // WHEN the journal is exported with and without redactAppKeys
        let plain = try UpstreamFixtures.send(proxy, "GET", "/__pushfake/journal?format=jsonl").text
        let redacted = try UpstreamFixtures.send(proxy, "GET", "/__pushfake/journal?format=jsonl&redactAppKeys=true")
        let har = try UpstreamFixtures.send(proxy, "GET", "/__pushfake/journal?format=har&redactAppKeys=true").text
        let wrong = try UpstreamFixtures.send(proxy, "GET", "/__pushfake/journal?format=jsonl&redactAppKeys=yes")
        // THEN tokens never appear, the app key only without the flag, and the proxy facts stay
        for text in [plain, redacted.text, har] {
            XCTAssertFalse(text.contains(UpstreamFixtures.app.apiToken))
            XCTAssertFalse(text.contains(UpstreamFixtures.app.creatorToken))
            XCTAssertTrue(text.contains("${secret:twinpush-api-token}"))
        }
        XCTAssertTrue(plain.contains(UpstreamFixtures.appKey))
        XCTAssertFalse(redacted.text.contains(UpstreamFixtures.appKey))
        XCTAssertFalse(har.contains(UpstreamFixtures.appKey))
        XCTAssertTrue(redacted.text.contains(#""applicationKey\":\"${secret:tpns-app-key}\""#), redacted.text)
        XCTAssertTrue(redacted.text.contains(#""proxied":{"mode":"learn","upstream":"http://127.0.0.1:"#))
        XCTAssertEqual(wrong.status, 400)
        XCTAssertTrue(wrong.text.contains("redactAppKeys must be one of true, false, not yes"), wrong.text)
        // AND the in-memory journal keeps the real values
        XCTAssertEqual(proxy.fake.journal.entries[0].app, UpstreamFixtures.appKey)
    }

    func test_serverRedactionSetting_redactsAppKeysInEveryExport() async throws {
        var configuration = ServerConfiguration()
        configuration.recordingRedaction.redactsAppKeys = true
        let server = PushFakeServer(fake: PushFake(), configuration: configuration)
        try server.start()
        defer { server.stop() }
        try await UpstreamFixtures.tpnsFlow(server)
        let lines = try UpstreamFixtures.send(server, "GET", "/__pushfake/journal?format=jsonl").text
        XCTAssertFalse(lines.contains(UpstreamFixtures.appKey), lines)
        XCTAssertTrue(lines.contains("${secret:tpns-app-key}"), lines)
    }
}

import Foundation
import PushFakeCore
import PushFakeHTTP
import PushFakeReplay
import PushFakeTestSupport
import PushFakeUpstream
import XCTest

/// A proxy in front of a stand-in upstream (another PushFake playing the real service): what the client gets, what
/// is journaled, and what the local store learns.
final class UpstreamProxyTests: XCTestCase {
    func test_proxyMode_answersTheUpstreamsAnswers_andJournalsThemAsProxied() async throws {
        // GIVEN a proxy in front of a stand-in
        let standIn = try UpstreamFixtures.server()
        defer { standIn.stop() }
        let proxy = try UpstreamFixtures.proxy(in: standIn)
        defer { proxy.stop() }
        // WHEN TPNS and TwinPush traffic goes through the proxy
        try await UpstreamFixtures.tpnsFlow(proxy)
        try await UpstreamFixtures.twinPushFlow(proxy)
        // THEN the stand-in handled every request, and the proxy journaled its answers, marked proxied
        let upstream = standIn.fake.journal.entries
        let proxied = proxy.fake.journal.entries
        XCTAssertEqual(upstream.count, 7)
        XCTAssertEqual(proxied.count, 7)
        for (real, forwarded) in zip(upstream, proxied) {
            XCTAssertEqual(forwarded.status, real.status, real.request.target)
            XCTAssertEqual(forwarded.response.body, real.response.body, real.request.target)
            XCTAssertEqual(forwarded.request.target, real.request.target)
            XCTAssertEqual(forwarded.route?.operation, real.route?.operation)
            XCTAssertEqual(forwarded.proxied?.mode, .proxy)
            XCTAssertNil(forwarded.proxied?.failure)
            let line = forwarded.jsonValue["proxied"]
            XCTAssertNotNil(line?["latencyMs"]?.intValue, "\(String(describing: line))")
            XCTAssertEqual(line?["mode"]?.stringValue, "proxy")
        }
        // AND the upstream's Date is passed on once, not doubled nor replaced by the proxy's own clock's
        for entry in proxied {
            XCTAssertEqual(entry.response.headers.values(for: "Date"), ["Thu, 01 Jan 2026 00:00:00 GMT"])
        }
        proxy.fake.advanceClock(by: 86_400)
        let answer = try UpstreamFixtures.send(proxy, "GET", "/TPNS/nowhere")
        XCTAssertEqual(answer.headers.values(for: "Date"), ["Thu, 01 Jan 2026 00:00:00 GMT"])
        XCTAssertEqual(
            try UpstreamFixtures.send(proxy, "GET", "/__pushfake/health").headers.values(for: "Date"),
            ["Fri, 02 Jan 2026 00:00:00 GMT"])
        XCTAssertEqual(
            proxied[0].proxied?.upstream, standIn.baseURL(for: .tpns)?.absoluteString)
        XCTAssertEqual(
            proxied[2].proxied?.upstream, standIn.baseURL(for: .twinPush)?.absoluteString)
        // AND the proxy's own store was left alone: no deliveries, no handler notes
        XCTAssertEqual(standIn.fake.deliveries.count, 2)
        XCTAssertEqual(proxy.fake.deliveries.count, 0)
        XCTAssertFalse(proxied[0].notes.contains("new device"), "\(proxied[0].notes)")
        XCTAssertTrue(upstream[0].notes.contains("new device"), "\(upstream[0].notes)")
    }

    func test_learnMode_appliesRequestsLocally_andAReplayOfTheRecordingMatches() async throws {
        // GIVEN a learning proxy in front of a stand-in, and the flows sent through it
        let standIn = try UpstreamFixtures.server()
        defer { standIn.stop() }
        let proxy = try UpstreamFixtures.proxy(in: standIn, mode: .learn)
        defer { proxy.stop() }
        try await UpstreamFixtures.tpnsFlow(proxy)
        try await UpstreamFixtures.twinPushFlow(proxy)
        // THEN the local store changed as the stand-in's did, and the journal says the entries were learned
        XCTAssertEqual(proxy.fake.deliveries.count, standIn.fake.deliveries.count)
        XCTAssertGreaterThan(proxy.fake.deliveries.count, 0)
        let proxied = proxy.fake.journal.entries
        XCTAssertEqual(proxied.map(\.notes), standIn.fake.journal.entries.map(\.notes))
        XCTAssertEqual(proxied.compactMap { $0.proxied?.mode }, Array(repeating: .learn, count: 7))
        // AND the recording replays against a fresh fake without drift, and compares equal with its journal
        let recording = proxy.fake.journal.jsonLines()
        let fresh = try UpstreamFixtures.server()
        defer { fresh.stop() }
        let report = try await UpstreamFixtures.replay(recording, against: fresh)
        XCTAssertFalse(report.hasDrift, report.text())
        XCTAssertEqual(report.results.count, 7)
        XCTAssertNil(RecordingComparison.difference(recording: recording, entries: fresh.fake.journal.entries))
    }

    func test_driftingUpstream_isRecorded_andReplayAgainstAFreshFakeNamesExactlyTheDifferences() async throws {
        // GIVEN a stand-in that adds a field to the inbox summary, answers the report with 202 and opens slowly
        let (reference, standIn) = try await UpstreamFixtures.referenceFlowAndStandIn()
        defer {
            reference.stop()
            standIn.stop()
        }
        // WHEN the flow is recorded through a learning proxy in front of it
        let proxy = try UpstreamFixtures.proxy(in: standIn, mode: .learn)
        defer { proxy.stop() }
        try await UpstreamFixtures.twinPushFlow(proxy)
        // THEN the client got the stand-in's answers, and the slow one was journaled with its latency
        let entries = proxy.fake.journal.entries
        XCTAssertEqual(entries[3].responseBody?["extra"], .bool(true))
        XCTAssertEqual(entries[4].status, 202)
        XCTAssertGreaterThanOrEqual(entries[2].proxied?.latency ?? 0, 0.5)
        XCTAssertTrue(entries[4].notes.contains("learned: the local store answered 200, the upstream 202"))
        // AND replaying the recording against a fresh fake reports exactly the two answers that differ
        let fresh = try UpstreamFixtures.server()
        defer { fresh.stop() }
        let report = try await UpstreamFixtures.replay(proxy.fake.journal.jsonLines(), against: fresh)
        let different = report.results.filter { !$0.isEqual }
        XCTAssertEqual(different.map(\.location), ["line 4", "line 5"], report.text())
        XCTAssertEqual(
            different.map { $0.differences.map { $0.line(currentLabel: "live") } },
            [["json.extra: recorded true, live absent"], ["status: recorded 202, live 200"]], report.text())
    }

    func test_refusedConnection_answers502InEachVendorsShape_andJournalsTheCause() async throws {
        // GIVEN upstreams on a port nothing listens on
        let port = try UpstreamFixtures.refusedPort()
        let proxy = try UpstreamFixtures.proxy(urls: [
            .tpns: try XCTUnwrap(URL(string: "http://127.0.0.1:\(port)/TPNS")),
            .twinPush: try XCTUnwrap(URL(string: "http://127.0.0.1:\(port)/api/v2")),
        ])
        defer { proxy.stop() }
        // WHEN a TPNS and a TwinPush request go through the proxy
        try await UpstreamFixtures.tpnsFlow(proxy)
        let twinPush = try UpstreamFixtures.send(
            proxy, "GET", "/api/v2/apps/app1/devices/D/inbox_summary")
        // THEN each is a 502 in its vendor's error shape, naming the cause, and journaled with it
        let entries = proxy.fake.journal.entries
        XCTAssertEqual(entries.map(\.status), [502, 502, 502])
        let tpns = try XCTUnwrap(entries[0].responseBody)
        XCTAssertEqual(tpns["success"], .bool(false), "\(tpns)")
        XCTAssertEqual(tpns["message"]?.stringValue?.contains("connection refused"), true, "\(tpns)")
        XCTAssertEqual(twinPush.status, 502)
        let body = try JSON.parse(twinPush.body)
        XCTAssertNotNil(body["errors"]?["type"]?.stringValue, twinPush.text)
        XCTAssertEqual(body["errors"]?["message"]?.stringValue?.contains("connection refused"), true, twinPush.text)
        for entry in entries {
            XCTAssertEqual(entry.proxied?.failure, "connection refused")
            XCTAssertTrue(entry.notes.contains { $0.hasSuffix("failed: connection refused") }, "\(entry.notes)")
        }
        XCTAssertEqual(proxy.fake.deliveries.count, 0)
    }

    func test_upstreamSlowerThanTheTimeout_answers504_andJournalsIt() throws {
        // GIVEN a stand-in that holds every answer for 5 s, and a proxy that waits 0.3 s
        let standIn = try UpstreamFixtures.server()
        defer { standIn.stop() }
        standIn.fake.inject(.delay(5), scope: .always)
        let proxy = try UpstreamFixtures.proxy(in: standIn, mode: .learn, timeout: 0.3)
        defer { proxy.stop() }
        // WHEN a request goes through
        let answer = try UpstreamFixtures.send(
            proxy, "POST", "/TPNS/api/device/register",
            body: #"{"deviceId":"D1","deviceRegistrationId":"ab12","applicationKey":"K","applicationType":"IOS"}"#)
        // THEN the client gets a 504 in the TPNS shape, journaled as a timeout, and nothing was learned
        XCTAssertEqual(answer.status, 504, answer.text)
        XCTAssertEqual(try JSON.parse(answer.body)["success"], .bool(false), answer.text)
        let entry = try XCTUnwrap(proxy.fake.journal.entries.first)
        XCTAssertEqual(entry.status, 504)
        XCTAssertEqual(entry.proxied?.failure, "no answer within 0.3 s")
        XCTAssertEqual(entry.route?.operation, .register)
        XCTAssertFalse(entry.notes.contains("new device"), "\(entry.notes)")
    }
}

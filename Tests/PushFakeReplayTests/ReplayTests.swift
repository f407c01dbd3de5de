import Foundation
import PushFakeCore
import PushFakeHTTP
import PushFakeTestSupport
import XCTest

@testable import PushFakeReplay

/// Replay against live servers: a fresh fake, a fake with another seed, and a stand-in upstream that differs from
/// PushFake in known ways.
final class ReplayTests: XCTestCase {
    func test_harExportedFromAFake_replayedAgainstAFreshFakeWithTheSameSeed_reportsNoDrift() async throws {
        // GIVEN TPNS and TwinPush traffic recorded as HAR by a fake
        let recorder = try ReplayFixtures.server(seed: 7)
        defer { recorder.stop() }
        try await ReplayFixtures.tpnsFlow(recorder)
        try await ReplayFixtures.twinPushFlow(recorder)
        let har = recorder.fake.journal.har().serializedString()
        XCTAssertFalse(har.contains(ReplayFixtures.app.apiToken))
        // WHEN it is replayed against a fresh fake with the same seed
        let fresh = try ReplayFixtures.server(seed: 7)
        defer { fresh.stop() }
        let report = try await Replay.run(try ReplayFixtures.parse(har), options: ReplayFixtures.options(fresh))
        // THEN nothing differs, route by route, and the fresh fake saw the same requests with the real tokens
        XCTAssertFalse(report.hasDrift, report.text())
        XCTAssertEqual(report.results.count, 7)
        XCTAssertEqual(report.routes.first?.route, "POST /TPNS/api/device/register")
        XCTAssertEqual(
            fresh.fake.journal.entries.map(\.request.target), recorder.fake.journal.entries.map(\.request.target))
        XCTAssertEqual(
            fresh.fake.journal.entries[2].request.headers["X-TwinPush-REST-API-Token"], ReplayFixtures.app.apiToken)
        XCTAssertEqual(report.latency?.count, 7)
        XCTAssertTrue(report.text().hasPrefix("replayed 7 requests against http://127.0.0.1:"), report.text())
    }

    func test_twinPushFlow_againstAFakeWithAnotherSeed_substitutesTheLiveIDs() async throws {
        // GIVEN register → create → open recorded as JSON Lines under seed 0
        let recorder = try ReplayFixtures.server(seed: 0)
        defer { recorder.stop() }
        let recorded = try await ReplayFixtures.twinPushFlow(recorder)
        let lines = recorder.fake.journal.jsonLines()
        // WHEN replayed against a fake whose seed makes other ids
        let live = try ReplayFixtures.server(seed: 42)
        defer { live.stop() }
        let report = try await Replay.run(try ReplayFixtures.parse(lines), options: ReplayFixtures.options(live))
        // THEN the later requests carried the live ids, and no answer differs
        XCTAssertFalse(report.hasDrift, report.text())
        let device = try XCTUnwrap(live.fake.journal.entries[0].device)
        let notification = try XCTUnwrap(live.fake.journal.entries[1].responseBody?["objects"]?[0]?["id"]?.stringValue)
        XCTAssertNotEqual(device, recorded.device)
        XCTAssertNotEqual(notification, recorded.notification)
        XCTAssertEqual(
            live.fake.journal.entries[2].request.path,
            "/api/v2/apps/app1/devices/\(device)/notifications/\(notification)/open_notification")
        XCTAssertEqual(live.fake.journal.entries[2].status, 200)
        XCTAssertNotNil(live.fake.deliveries(ofNotification: notification).first?.openedAt)
        XCTAssertEqual(
            report.routes.map(\.route),
            [
                "POST /api/v2/apps/{app}/devices/register", "POST /api/v2/apps/{app}/notifications",
                "POST /api/v2/apps/{app}/devices/{device}/notifications/{notification}/open_notification",
                "GET /api/v2/apps/{app}/devices/{device}/inbox_summary",
                "GET /api/v2/apps/{app}/notifications/{notification}/report",
            ])
    }

    func test_standInUpstream_driftReportNamesExactlyTheKnownDifferences() async throws {
        // GIVEN the flow recorded from a fake
        let recorder = try ReplayFixtures.server()
        defer { recorder.stop() }
        try await ReplayFixtures.twinPushFlow(recorder)
        let recording = try ReplayFixtures.parse(recorder.fake.journal.jsonLines())
        // AND a stand-in that adds a field to the inbox summary, answers the report with 202 and opens slowly
        let standIn = try ReplayFixtures.standIn(for: recorder.fake.journal.entries)
        defer { standIn.stop() }
        // WHEN the recording is replayed against it
        let report = try await Replay.run(
            recording, options: ReplayFixtures.options(standIn) { $0.latencyTolerance = 0.5 })
        // THEN exactly those three answers differ, each by exactly its known difference
        XCTAssertTrue(report.hasDrift)
        let different = report.results.filter { !$0.isEqual }
        XCTAssertEqual(different.map(\.location), ["line 3", "line 4", "line 5"], report.text())
        XCTAssertEqual(different[0].differences, [])
        XCTAssertEqual(different[0].latencyDrift?.tolerance, 0.5)
        XCTAssertGreaterThanOrEqual(different[0].latencyDrift?.live ?? 0, 0.9)
        XCTAssertEqual(
            different[1].differences.map { $0.line(currentLabel: "live") }, ["json.extra: not recorded, live true"])
        XCTAssertEqual(different[1].latencyDrift, nil)
        XCTAssertEqual(
            different[2].differences.map { $0.line(currentLabel: "live") }, ["status: recorded 200, live 202"])
        let text = report.text()
        XCTAssertTrue(text.contains("replayed 5 requests against"), text)
        XCTAssertTrue(text.contains(": 2 equal, 3 different"), text)
        let summaryRow = text.split(separator: "\n").first {
            $0.hasPrefix("  GET /api/v2/apps/{app}/devices/{device}/inbox_summary ")
        }
        XCTAssertEqual(summaryRow?.hasSuffix(" 0 equal, 1 different"), true, text)
        XCTAssertTrue(text.contains("  line 4: GET /api/v2/apps/app1/devices/1000000000000001/inbox_summary\n"), text)
        XCTAssertTrue(text.contains("    json.extra: not recorded, live true\n"), text)
        XCTAssertTrue(text.contains("    status: recorded 200, live 202\n"), text)
        XCTAssertTrue(text.contains("    latency: recorded 0 ms, live "), text)
    }

    func test_ignore_leavesFieldsStatusAndLatencyOutOfTheComparison() async throws {
        let (recorder, standIn) = try await ReplayFixtures.recordedFlowAndStandIn()
        defer {
            recorder.stop()
            standIn.stop()
        }
        let report = try await Replay.run(
            try ReplayFixtures.parse(recorder.fake.journal.jsonLines()),
            options: ReplayFixtures.options(standIn) {
                $0.ignoredFields = ["json.extra", "response.status", "latency"]
                $0.latencyTolerance = 0.5
            })
        XCTAssertFalse(report.hasDrift, report.text())
    }

    func test_secrets_comeFromOptionsOrEnvironment_andAMissingOneStopsBeforeSending() async throws {
        let recorder = try ReplayFixtures.server()
        defer { recorder.stop() }
        try await ReplayFixtures.twinPushFlow(recorder)
        let recording = try ReplayFixtures.parse(recorder.fake.journal.jsonLines())
        XCTAssertEqual(Replay.requiredSecrets(recording), ["twinpush-api-token", "twinpush-creator-token"])
        let live = try ReplayFixtures.server()
        defer { live.stop() }
        // WHEN the creator token is missing, THEN nothing is sent and the error names it and its variable
        do {
            _ = try await Replay.run(
                recording,
                options: ReplayFixtures.options(live) { $0.secrets = ["twinpush-api-token": "api-token-1"] })
            XCTFail("replay ran without the creator token")
        } catch {
            XCTAssertEqual(error, .missingSecrets(["twinpush-creator-token"]))
            XCTAssertTrue(
                error.description.contains(
                    "twinpush-creator-token (--secret twinpush-creator-token=VALUE or PUSHFAKE_SECRET_TWINPUSH_CREATOR_TOKEN)"
                ),
                error.description)
        }
        XCTAssertEqual(live.fake.journal.count, 0)
        // WHEN it comes from the environment, THEN the declared app accepts both tokens
        let report = try await Replay.run(
            recording,
            options: ReplayFixtures.options(live) {
                $0.secrets = ["twinpush-api-token": "api-token-1"]
                $0.environment = ["PUSHFAKE_SECRET_TWINPUSH_CREATOR_TOKEN": "creator-token-1"]
            })
        XCTAssertFalse(report.hasDrift, report.text())
        XCTAssertEqual(
            live.fake.journal.entries[1].request.headers["X-TwinPush-REST-API-Key-Creator"], "creator-token-1")
        // AND a wrong value shows up as drift (the app answers 403)
        let wrong = try await Replay.run(
            recording,
            options: ReplayFixtures.options(live) { $0.secrets["twinpush-api-token"] = "wrong" })
        XCTAssertTrue(wrong.text().contains("status: recorded 200, live 403"), wrong.text())
    }

    func test_redactedAppKeysAndAuthorization_arePutBack_inPathsBodiesAndHeaders() async throws {
        // GIVEN TPNS traffic with an Authorization header, recorded with app keys redacted
        let recorder = try ReplayFixtures.server()
        defer { recorder.stop() }
        try await ReplayFixtures.send(
            recorder, "POST", "/TPNS/api/device/register",
            json: #"{"deviceId":"D1","deviceRegistrationId":"ab12","applicationKey":"KEY-1","applicationType":"IOS"}"#,
            headers: ["Authorization": "Basic c2VjcmV0"])
        try await ReplayFixtures.send(recorder, "PUT", "/TPNS/api/application/KEY-1/device/D1/unregister")
        let lines = recorder.fake.journal.jsonLines(redaction: RecordingRedaction(redactAppKeys: true))
        XCTAssertFalse(lines.contains("KEY-1"))
        XCTAssertFalse(lines.contains("c2VjcmV0"))
        let recording = try ReplayFixtures.parse(lines)
        XCTAssertEqual(Replay.requiredSecrets(recording), ["authorization", "tpns-app-key"])
        // WHEN replayed with both secrets
        let live = try ReplayFixtures.server()
        defer { live.stop() }
        let report = try await Replay.run(
            recording,
            options: ReplayFixtures.options(live) {
                $0.secrets = ["tpns-app-key": "KEY-1", "authorization": "Basic c2VjcmV0"]
            })
        // THEN the server saw the real key in the body and the path, and the real Authorization
        XCTAssertFalse(report.hasDrift, report.text())
        let entries = live.fake.journal.entries
        XCTAssertEqual(entries[0].body?["applicationKey"], "KEY-1")
        XCTAssertEqual(entries[0].request.headers["Authorization"], "Basic c2VjcmV0")
        XCTAssertEqual(entries[1].request.path, "/TPNS/api/application/KEY-1/device/D1/unregister")
    }

    func test_unreachableServer_throwsUnreachable() async throws {
        let stopped = try ReplayFixtures.server()
        let url = stopped.baseURL.absoluteString
        stopped.stop()
        let recording = try ReplayFixtures.parse(
            #"{"v":1,"request":{"method":"GET","path":"/__pushfake/health"},"response":{"status":200}}"#)
        do {
            _ = try await Replay.run(recording, options: ReplayOptions(baseURL: url, environment: [:]))
            XCTFail("replay reached a stopped server")
        } catch {
            guard case .unreachable(let target, _) = error else { return XCTFail("\(error)") }
            XCTAssertTrue(target.hasPrefix(url), target)
        }
    }

    func test_invalidOptions_areErrorsBeforeSending() async throws {
        let recording = try ReplayFixtures.parse(
            #"{"v":1,"request":{"method":"GET","path":"/"},"response":{"status":200}}"#)
        let cases: [(ReplayOptions, ReplayError)] = [
            (ReplayOptions(baseURL: "ftp://x", environment: [:]), .invalidBaseURL("ftp://x")),
            (ReplayOptions(baseURL: "http://x?a=1", environment: [:]), .invalidBaseURL("http://x?a=1")),
            (ReplayOptions(baseURL: "http://x", concurrency: 0), .invalidOption("concurrency must be at least 1")),
            (
                ReplayOptions(baseURL: "http://x", rate: 0),
                .invalidOption("rate must be a positive number of requests per second")
            ),
        ]
        for (options, expected) in cases {
            do {
                _ = try await Replay.run(recording, options: options)
                XCTFail("\(options)")
            } catch {
                XCTAssertEqual(error, expected)
            }
        }
    }

    func test_rate_pacesEveryRequest_andLatencyPercentilesAreReported() async throws {
        let server = try ReplayFixtures.server()
        defer { server.stop() }
        let line = #"{"v":1,"request":{"method":"GET","path":"/__pushfake/health"},"response":{"status":200}}"#
        let recording = try ReplayFixtures.parse(Array(repeating: line, count: 20).joined(separator: "\n"))
        let started = Date()
        let report = try await Replay.run(recording, options: ReplayFixtures.options(server) { $0.rate = 100 })
        XCTAssertGreaterThanOrEqual(Date().timeIntervalSince(started), 0.19)
        XCTAssertEqual(report.latency?.count, 20)
        XCTAssertTrue(report.text().contains("latency: 20 requests, p50 "), report.text())
        XCTAssertNotNil(report.json["latency"]?["p99"]?.doubleValue)
    }

    func test_concurrency_runsIndependentSessions_eachWithItsOwnIDs() async throws {
        let recorder = try ReplayFixtures.server()
        defer { recorder.stop() }
        try await ReplayFixtures.twinPushFlow(recorder)
        let recording = try ReplayFixtures.parse(recorder.fake.journal.jsonLines())
        let live = try ReplayFixtures.server(seed: 3)
        defer { live.stop() }
        let report = try await Replay.run(recording, options: ReplayFixtures.options(live) { $0.concurrency = 3 })
        XCTAssertEqual(report.results.count, 15)
        XCTAssertEqual(Set(report.results.map(\.session)), [1, 2, 3])
        // Each session opened the notification its own create made.
        let creates = live.fake.entries(matching: .twinPush(.createNotification))
        let created = Set(creates.compactMap { $0.responseBody?["objects"]?[0]?["id"]?.stringValue })
        let opened = Set(
            live.fake.entries(matching: .twinPush(.openNotification)).compactMap {
                $0.route?.parameters["notification"]
            })
        XCTAssertEqual(created.count, 3)
        XCTAssertEqual(opened, created)
        XCTAssertTrue(report.text().contains("replayed 15 requests in 3 sessions against"), report.text())
    }
}

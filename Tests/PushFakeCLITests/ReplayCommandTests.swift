import Foundation
import PushFakeCore
import PushFakeTestSupport
import XCTest

/// `pushfake replay` as users run it: the real binary against `pushfake serve` children.
final class ReplayCommandTests: XCTestCase {
    private let app = ["--twinpush-app", "app1:api-1:creator-1", "--quiet"]
    private let secrets = ["--secret", "twinpush-api-token=api-1", "--secret", "twinpush-creator-token=creator-1"]
    private var files: [URL] = []

    override func tearDown() {
        for file in files { try? FileManager.default.removeItem(at: file) }
        super.tearDown()
    }

    private func file(_ text: String, _ suffix: String = "jsonl") throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("replay-\(UUID().uuidString).\(suffix)")
        try Data(text.utf8).write(to: url)
        files.append(url)
        return url.path
    }

    /// One request through URLSession, with no `Content-Type` unless `headers` say one; the answer's JSON.
    private func send(
        _ server: ServeProcess, _ method: String, _ path: String, json: String? = nil, headers: [String: String] = [:]
    ) async throws -> JSON? {
        let request = HTTPRequest(
            method, try URL(validating: server.url + path), body: json, contentType: nil, headers: headers)
        return try await request.send().json
    }

    /// Register, create for the alias, open, inbox summary; then the journal in `format` as a file.
    private func recordFlow(format: String = "jsonl") async throws -> String {
        let server = try ServeProcess(app)
        defer { _ = server.stop() }
        let base = "/api/v2/apps/app1"
        let device = try await send(
            server, "POST", base + "/devices/register",
            json: #"{"udid":"U1","platform":"ios","push_token":"AB12","alias_device":"ana"}"#,
            headers: ["X-TwinPush-REST-API-Token": "api-1", "Content-Type": "application/json"])
        let deviceID = device?["objects"]?[0]?["id"]?.stringValue ?? ""
        let created = try await send(
            server, "POST", base + "/notifications", json: #"{"devices_aliases":["ana"],"alert":"Hi","inbox":true}"#,
            headers: ["X-TwinPush-REST-API-Key-Creator": "creator-1", "Content-Type": "application/json"])
        let notificationID = created?["objects"]?[0]?["id"]?.stringValue ?? ""
        _ = try await send(
            server, "POST", base + "/devices/\(deviceID)/notifications/\(notificationID)/open_notification", json: "{}")
        _ = try await send(server, "GET", base + "/devices/\(deviceID)/inbox_summary")
        let journal = try PushFakeCommand.run(["journal", "--url", server.url, "--format", format])
        XCTAssertEqual(journal.status, 0, journal.stderr)
        XCTAssertFalse(journal.stdout.contains("api-1"), "the recording holds the API token")
        XCTAssertFalse(journal.stdout.contains("creator-1"), "the recording holds the creator token")
        return try file(journal.stdout, format == "har" ? "har" : "jsonl")
    }

    func test_replay_ofAHARFromTheFake_againstAFreshFakeWithAnotherSeed_exitsZero() async throws {
        let recording = try await recordFlow(format: "har")
        let fresh = try ServeProcess(app + ["--seed", "5"])
        defer { _ = fresh.stop() }
        let result = try PushFakeCommand.run(["replay", recording, "--url", fresh.url] + secrets)
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        XCTAssertTrue(
            result.stdout.hasPrefix("replayed 4 requests against \(fresh.url): 4 equal, 0 different\n"), result.stdout)
        XCTAssertTrue(result.stdout.contains("  POST /api/v2/apps/{app}/devices/register"), result.stdout)
        XCTAssertTrue(result.stdout.contains("latency: 4 requests, p50 "), result.stdout)
    }

    func test_replay_takesSecretsFromTheEnvironment_andAMissingOneIsAUsageErrorBeforeSending() async throws {
        let recording = try await recordFlow()
        let fresh = try ServeProcess(app)
        defer { _ = fresh.stop() }
        let missing = try PushFakeCommand.run(
            ["replay", recording, "--url", fresh.url, "--secret", "twinpush-api-token=api-1"])
        XCTAssertEqual(missing.status, 64, missing.stderr)
        XCTAssertTrue(missing.stderr.contains("twinpush-creator-token"), missing.stderr)
        XCTAssertTrue(missing.stderr.contains("PUSHFAKE_SECRET_TWINPUSH_CREATOR_TOKEN"), missing.stderr)
        let journal = try PushFakeCommand.run(["journal", "--url", fresh.url])
        XCTAssertEqual(try JSON.parse(journal.stdout)["count"], 0)
        let fromEnvironment = try PushFakeCommand.run(
            ["replay", recording],
            environment: [
                "PUSHFAKE_URL": fresh.url, "PUSHFAKE_SECRET_TWINPUSH_API_TOKEN": "api-1",
                "PUSHFAKE_SECRET_TWINPUSH_CREATOR_TOKEN": "creator-1",
            ])
        XCTAssertEqual(fromEnvironment.status, 0, fromEnvironment.stdout + fromEnvironment.stderr)
    }

    func test_replay_againstAStandIn_exitsOneWithTheDrift_andIgnoreAndJSONWork() async throws {
        let recording = try await recordFlow()
        let standIn = try ServeProcess(app)
        defer { _ = standIn.stop() }
        let rules = [
            #"{"match":{"operation":"inboxSummary"},"fault":{"status":200,"body":{"total_count":1,"unopened_count":0,"extra":"x"}},"scope":"always"}"#,
            #"{"match":{"operation":"openNotification"},"fault":{"status":201,"body":{}},"scope":"always"}"#,
        ]
        for rule in rules {
            XCTAssertEqual(try PushFakeCommand.run(["faults", "add", rule, "--url", standIn.url]).status, 0)
        }
        let drift = try PushFakeCommand.run(["replay", recording, "--url", standIn.url] + secrets)
        XCTAssertEqual(drift.status, 1, drift.stderr)
        XCTAssertTrue(drift.stdout.contains(": 2 equal, 2 different\n"), drift.stdout)
        XCTAssertTrue(drift.stdout.contains("    status: recorded 200, live 201\n"), drift.stdout)
        XCTAssertTrue(drift.stdout.contains(#"    json.extra: not recorded, live "x""#), drift.stdout)
        XCTAssertTrue(drift.stdout.contains("    json.unopened_count: recorded 0, live 0") == false, drift.stdout)

        let json = try PushFakeCommand.run(["replay", recording, "--url", standIn.url, "--json"] + secrets)
        XCTAssertEqual(json.status, 1)
        let report = try JSON.parse(json.stdout)
        XCTAssertEqual(report["different"], 2)
        XCTAssertEqual(report["differences"]?[0]?["fields"]?[0]?["field"], "status")

        let ignored = try PushFakeCommand.run(
            ["replay", recording, "--url", standIn.url, "--ignore", "status", "--ignore", "response.json.extra"]
                + secrets)
        XCTAssertEqual(ignored.status, 0, ignored.stdout)
    }

    func test_replay_reportsSlowAndMissingAnswers_withLatencyToleranceAndTimeout() async throws {
        let recording = try await recordFlow()
        let slow = try ServeProcess(app)
        defer { _ = slow.stop() }
        let rule = #"{"match":{"operation":"inboxSummary"},"fault":{"delay":0.5},"scope":"always"}"#
        XCTAssertEqual(try PushFakeCommand.run(["faults", "add", rule, "--url", slow.url]).status, 0)
        let tolerant = try PushFakeCommand.run(["replay", recording, "--url", slow.url] + secrets)
        XCTAssertEqual(tolerant.status, 0, tolerant.stdout)
        let strict = try PushFakeCommand.run(
            ["replay", recording, "--url", slow.url, "--latency-tolerance", "300"] + secrets)
        XCTAssertEqual(strict.status, 1, strict.stdout)
        XCTAssertTrue(strict.stdout.contains("    latency: recorded 0 ms, live "), strict.stdout)
        XCTAssertTrue(strict.stdout.contains("(tolerance 300 ms)"), strict.stdout)
        let impatient = try PushFakeCommand.run(["replay", recording, "--url", slow.url, "--timeout", "0.2"] + secrets)
        XCTAssertEqual(impatient.status, 1, impatient.stdout)
        XCTAssertTrue(impatient.stdout.contains(#"    status: recorded 200, live "no answer ("#), impatient.stdout)
    }

    func test_replay_rateAndConcurrency_paceAndMultiplyTheRequests() async throws {
        let server = try ServeProcess(["--quiet"])
        defer { _ = server.stop() }
        let line =
            #"{"v":1,"request":{"method":"GET","path":"/api/v2/apps/a1/devices/1000000000000001/inbox_summary"},"response":{"status":404,"headers":[],"body":""}}"#
        let recording = try file(Array(repeating: line, count: 10).joined(separator: "\n") + "\n")
        let started = Date()
        let paced = try PushFakeCommand.run(
            [
                "replay", recording, "--url", server.url, "--rate", "100", "--concurrency", "2", "--ignore", "json",
                "--ignore", "headers",
            ])
        XCTAssertGreaterThanOrEqual(Date().timeIntervalSince(started), 0.19)
        XCTAssertEqual(paced.status, 0, paced.stdout + paced.stderr)
        XCTAssertTrue(paced.stdout.hasPrefix("replayed 20 requests in 2 sessions against"), paced.stdout)
        XCTAssertTrue(paced.stdout.contains("latency: 20 requests, p50 "), paced.stdout)
        XCTAssertTrue(paced.stdout.contains(", p90 "), paced.stdout)
        XCTAssertTrue(paced.stdout.contains(", p99 "), paced.stdout)
        XCTAssertTrue(paced.stdout.contains(", max "), paced.stdout)
    }

    func test_replay_badRecordings_exit65NamingTheProblem() throws {
        let cases: [(String, String, String)] = [
            ("not json\n", "jsonl", "line 1: is not JSON"),
            (#"{"v":2,"request":{}}"# + "\n", "jsonl", "line 1: v is 2: this pushfake reads version 1"),
            (#"{"log":{"version":"1.2"}}"#, "har", "HAR: log.entries is missing"),
            ("", "jsonl", "the recording has no entries"),
        ]
        for (text, suffix, message) in cases {
            let path = try file(text, suffix)
            let result = try PushFakeCommand.run(["replay", path, "--url", "http://127.0.0.1:9"])
            XCTAssertEqual(result.status, 65, "\(text): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains("\(path): \(message)"), result.stderr)
        }
        let missing = try PushFakeCommand.run(["replay", "/no/such/recording.jsonl", "--url", "http://127.0.0.1:9"])
        XCTAssertEqual(missing.status, 65)
        XCTAssertTrue(missing.stderr.contains("cannot read the recording /no/such/recording.jsonl"), missing.stderr)
    }

    func test_replay_unreachableServer_exits69() throws {
        let server = try ServeProcess(["--quiet"])
        let url = server.url
        _ = server.stop()
        let path = try file(#"{"v":1,"request":{"method":"GET","path":"/"},"response":{"status":200}}"#)
        let result = try PushFakeCommand.run(["replay", path, "--url", url])
        XCTAssertEqual(result.status, 69, result.stderr)
        XCTAssertTrue(result.stderr.contains("cannot reach \(url)"), result.stderr)
    }

    func test_replay_badOptions_areUsageErrorsNamingThem() throws {
        let path = try file(#"{"v":1,"request":{"method":"GET","path":"/"},"response":{"status":200}}"#)
        let url = "http://127.0.0.1:9"
        let cases: [([String], String)] = [
            (["--rate", "0"], "--rate must be a number in 0.001...1000000.0, not 0"),
            (["--rate", "fast"], "--rate must be a number"),
            (["--concurrency", "0"], "--concurrency must be a number in 1...1000, not 0"),
            (["--concurrency", "1001"], "--concurrency must be a number in 1...1000, not 1001"),
            (["--latency-tolerance", "-1"], "--latency-tolerance must be a number in 0.0...3600000.0, not -1"),
            (["--timeout", "0"], "--timeout must be a number in 0.001...86400.0, not 0"),
            (["--secret", "novalue"], "--secret takes <name>=<value>, the name of a-z, 0-9 and -, not novalue"),
            (["--secret", "Bad=x"], "--secret takes <name>=<value>"),
            (["--rate", "1", "--rate", "2"], "--rate is given more than once"),
            (["--json=yes"], "--json is a flag and takes no value"),
        ]
        for (extra, message) in cases {
            let result = try PushFakeCommand.run(["replay", path, "--url", url] + extra)
            XCTAssertEqual(result.status, 64, "\(extra): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains(message), "\(extra): \(result.stderr)")
        }
        let noURL = try PushFakeCommand.run(["replay", path])
        XCTAssertEqual(noURL.status, 64)
        XCTAssertTrue(noURL.stderr.contains("no server URL: pass --url or set PUSHFAKE_URL"), noURL.stderr)
        let ftp = try PushFakeCommand.run(["replay", path, "--url", "ftp://x"])
        XCTAssertEqual(ftp.status, 64)
        XCTAssertTrue(ftp.stderr.contains("--url must be an http:// or https:// URL"), ftp.stderr)
        let noFile = try PushFakeCommand.run(["replay", "--url", url])
        XCTAssertEqual(noFile.status, 64)
        XCTAssertTrue(noFile.stderr.contains("missing <file>"), noFile.stderr)
    }
}

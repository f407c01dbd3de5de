import Foundation
import PushFakeCore
import PushFakeTestSupport
import XCTest

/// `pushfake verify|wait|state|instances|apps` against the real binary.
final class ExpectationCommandTests: XCTestCase {
    private let register =
        #"{"deviceId":"D1","deviceRegistrationId":"0a1b","applicationKey":"APPKEY","applicationType":"IOS"}"#

    func test_verify_exitsZeroWhenItHolds_andOneWithTheClosestMiss() async throws {
        let server = try ServeProcess(["--quiet"])
        _ = try await server.request("POST", "/TPNS/api/device/register", body: register)
        let holds = try PushFakeCommand.run([
            "verify", "--url", server.url, "--vendor", "tpns", "--operation", "register",
        ])
        XCTAssertEqual(holds.status, 0, holds.stderr)
        XCTAssertEqual(holds.stdout, "ok: 1 request(s) matched\n")
        let fails = try PushFakeCommand.run(["verify", "--url", server.url, "--device", "D2", "--at-least", "1"])
        XCTAssertEqual(fails.status, 1)
        XCTAssertTrue(fails.stderr.contains("closest miss: #1 POST /TPNS/api/device/register"), fails.stderr)
        let ordered = try PushFakeCommand.run([
            "verify", "--url", server.url, "--in-order", #"[{"operation":"register"},{"operation":"unregister"}]"#,
        ])
        XCTAssertEqual(ordered.status, 1, "there was no unregister")
        let typo = try PushFakeCommand.run(["verify", "--url", server.url, "--operation", "regster"])
        XCTAssertEqual(typo.status, 1)
        XCTAssertTrue(typo.stderr.contains("400") && typo.stderr.contains("register"), typo.stderr)
        XCTAssertEqual(server.stop().status, 0)
    }

    func test_verifyRecording_passesOnTheSameRun_andFailsWithTheDiffOnAChangedOne() async throws {
        let server = try ServeProcess(["--quiet"])
        _ = try await server.request("POST", "/TPNS/api/device/register", body: register)
        let export = try PushFakeCommand.run(["journal", "--url", server.url, "--format", "jsonl"])
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("pushfake-\(UUID().uuidString).jsonl")
        try Data(export.stdout.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let same = try PushFakeCommand.run(["verify", "--url", server.url, "--recording", file.path])
        XCTAssertEqual(same.status, 0, same.stderr)
        _ = try await server.request(
            "POST", "/TPNS/api/device/register", body: register.replacingOccurrences(of: "0a1b", with: "ffff"))
        let changed = try PushFakeCommand.run(["verify", "--url", server.url, "--recording", file.path])
        XCTAssertEqual(changed.status, 1)
        XCTAssertTrue(changed.stderr.contains("the recording has 1 entry, the current traffic 2"), changed.stderr)
        XCTAssertTrue(
            changed.stderr.contains(
                "current entry 2 (tpns.register app=APPKEY device=D1, POST /TPNS/api/device/register): only in the "
                    + "current traffic"), changed.stderr)
        XCTAssertTrue(
            changed.stderr.contains(#"unlike its neighbours: request.json.deviceRegistrationId "ffff""#), changed.stderr
        )
        // AND --max-differences lists fewer, and is checked
        _ = try await server.request("POST", "/TPNS/api/device/register", body: register)
        let capped = try PushFakeCommand.run([
            "verify", "--url", server.url, "--recording", file.path, "--max-differences", "1",
        ])
        XCTAssertEqual(capped.status, 1)
        XCTAssertTrue(capped.stderr.contains("… 1 more difference left out after the first 1"), capped.stderr)
        let zero = try PushFakeCommand.run([
            "verify", "--url", server.url, "--recording", file.path, "--max-differences", "0",
        ])
        XCTAssertEqual(zero.status, 64, zero.stderr)
        let alone = try PushFakeCommand.run(["verify", "--url", server.url, "--max-differences", "5"])
        XCTAssertEqual(alone.status, 64, alone.stderr)
        let ignoring = try PushFakeCommand.run([
            "verify", "--url", server.url, "--recording", "/nonexistent/file.jsonl",
        ])
        XCTAssertEqual(ignoring.status, 65)
        XCTAssertEqual(server.stop().status, 0)
    }

    func test_wait_returnsWhenTheRequestArrives_andTimesOutWithExitOne() async throws {
        let server = try ServeProcess(["--quiet"])
        let url = server.url
        let waiting = Task.detached {
            try PushFakeCommand.run(["wait", "--url", url, "--operation", "register", "--timeout", "20"])
        }
        try await Task.sleep(nanoseconds: 300_000_000)
        _ = try await server.request("POST", "/TPNS/api/device/register", body: register)
        let result = try await waiting.value
        XCTAssertEqual(result.status, 0, result.stderr)
        let timeout = try PushFakeCommand.run(["wait", "--url", url, "--operation", "unregister", "--timeout", "0.2"])
        XCTAssertEqual(timeout.status, 1)
        XCTAssertTrue(timeout.stderr.contains("waited 0.2 s"), timeout.stderr)
        XCTAssertEqual(server.stop().status, 0)
    }

    func test_stateDumpLoad_instancesAndApps() async throws {
        let server = try ServeProcess(["--quiet"])
        let url = server.url
        _ = try await server.request("POST", "/TPNS/api/device/register", body: register)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("pushfake-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: file) }
        XCTAssertEqual(try PushFakeCommand.run(["state", "dump", "--url", url, "--output", file.path]).status, 0)
        let created = try PushFakeCommand.run([
            "instances", "create", "--url", url, "--seed", "5", "--tpns-app", "APPKEY",
        ])
        XCTAssertEqual(created.status, 0, created.stderr)
        let instance = try JSON.parse(created.stdout)
        let id = try XCTUnwrap(instance["id"]?.stringValue)
        let instanceURL = try XCTUnwrap(instance["urls"]?["base"]?.stringValue)
        let loaded = try PushFakeCommand.run(["state", "load", file.path, "--url", instanceURL])
        XCTAssertEqual(loaded.status, 0, loaded.stdout + loaded.stderr)
        // The server answers a summary, not the state: the command says what was loaded (the instance declares
        // APPKEY).
        XCTAssertTrue(
            loaded.stdout.hasPrefix("ok: state loaded (tpns: 1 apps, 1 devices, 0 notifications; twinPush: 0 apps"),
            loaded.stdout)
        let devices = try PushFakeCommand.run(["devices", "--url", instanceURL, "--vendor", "tpns"])
        XCTAssertTrue(devices.stdout.contains(#""deviceId":"D1""#), devices.stdout)
        let apps = try PushFakeCommand.run(["apps", "add", "--url", instanceURL, "--tpns-app", "SECOND"])
        XCTAssertEqual(apps.status, 0, apps.stdout + apps.stderr)
        XCTAssertTrue(try PushFakeCommand.run(["apps", "--url", instanceURL]).stdout.contains("SECOND"))
        XCTAssertTrue(try PushFakeCommand.run(["instances", "list", "--url", url]).stdout.contains(#""id":"\#(id)""#))
        XCTAssertEqual(try PushFakeCommand.run(["instances", "delete", id, "--url", url]).status, 0)
        XCTAssertEqual(try PushFakeCommand.run(["instances", "delete", id, "--url", url]).status, 1)
        let badState = try PushFakeCommand.run(["state", "load", "/nonexistent.json", "--url", url])
        XCTAssertEqual(badState.status, 65)
        XCTAssertEqual(server.stop().status, 0)
    }
}

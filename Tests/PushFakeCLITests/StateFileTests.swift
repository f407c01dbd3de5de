import Foundation
import PushFakeCore
import PushFakeTestSupport
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `pushfake serve --state FILE`: the shipped fixtures under fixtures/states/, several files, and bad files that
/// exit 65 before listening, naming the file, the JSON path and what was expected.
final class StateFileTests: XCTestCase {
    private static let states = Repository.url("fixtures/states")

    private func state(_ name: String) -> String { Self.states.appendingPathComponent(name).path }

    func test_iosAndAndroidFixture_startsWithBothDevicesAndTheirAliasInbox() async throws {
        let server = try ServeProcess(["--quiet", "--state", state("twinpush-ios-and-android.json")])
        let app = "/api/v2/apps/cs555ab2356a37a0/devices"
        let summary = try await server.request("GET", "\(app)/1000000000000002/inbox_summary")
        XCTAssertEqual(summary.status, 200)
        XCTAssertTrue(summary.body.contains(#""total_count":1"#), summary.body)
        XCTAssertTrue(summary.body.contains(#""unopened_count":1"#), summary.body)
        let devices = try PushFakeCommand.run(["devices", "--url", server.url, "--vendor", "twinPush"])
        XCTAssertTrue(devices.stdout.contains(#""platform":"android""#), devices.stdout)
        XCTAssertTrue(devices.stdout.contains(#""alias_device":"alice""#), devices.stdout)
        XCTAssertEqual(server.stop().status, 0)
    }

    func test_faultFixture_failsTheSecondRegisterOfD1With1001() async throws {
        let server = try ServeProcess(["--quiet", "--state", state("tpns-second-register-fails-1001.json")])
        let register =
            #"{"deviceId":"D1","deviceRegistrationId":"ab","applicationKey":"APPKEY","applicationType":"IOS"}"#
        let first = try await server.request("POST", "/TPNS/api/device/register", body: register)
        let second = try await server.request("POST", "/TPNS/api/device/register", body: register)
        let third = try await server.request("POST", "/TPNS/api/device/register", body: register)
        XCTAssertEqual([first.status, second.status, third.status], [200, 409, 200])
        XCTAssertTrue(second.body.contains("-1001"), second.body)
        XCTAssertEqual(server.stop().status, 0)
    }

    func test_scheduledFixture_deliversWhenTheClockPassesSendSince() async throws {
        let server = try ServeProcess(["--quiet", "--state", state("twinpush-scheduled-notification.json")])
        XCTAssertTrue(try PushFakeCommand.run(["deliveries", "--url", server.url]).stdout.contains(#""count":0"#))
        XCTAssertEqual(try PushFakeCommand.run(["clock", "--url", server.url, "--advance", "3600"]).status, 0)
        let after = try PushFakeCommand.run(["deliveries", "--url", server.url])
        XCTAssertTrue(after.stdout.contains(#""count":1"#), after.stdout)
        XCTAssertTrue(after.stdout.contains("Good morning"), after.stdout)
        XCTAssertEqual(server.stop().status, 0)
    }

    func test_severalFiles_addUp() async throws {
        let server = try ServeProcess([
            "--quiet", "--state", state("tpns-second-register-fails-1001.json"), "--state",
            state("twinpush-scheduled-notification.json"),
        ])
        let faults = try PushFakeCommand.run(["faults", "--url", server.url])
        XCTAssertTrue(faults.stdout.contains("-1001"), faults.stdout)
        let clock = try PushFakeCommand.run(["clock", "--url", server.url])
        XCTAssertTrue(clock.stdout.contains("2026-01-01T08:00:00.000Z"), clock.stdout)
        XCTAssertEqual(server.stop().status, 0)
    }

    func test_badFiles_exit65BeforeListening_namingFilePathAndExpectation() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("pushfake-states-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let cases: [(String, String, String)] = [
            ("not-json.json", "{", "not JSON"),
            (
                "bad-date.json", #"{"clock":{"mode":"fixed","now":"2026-02-30T00:00:00Z"}}"#,
                "clock.now: must be a real date"
            ),
            ("unknown.json", #"{"vendors":{"tpns":{"devicez":[]}}}"#, "vendors.tpns.devicez"),
            ("missing-udid.json", #"{"vendors":{"twinPush":{"devices":[{"app_id":"a","platform":"ios"}]}}}"#, "udid"),
        ]
        for (name, text, expected) in cases {
            let file = directory.appendingPathComponent(name).path
            try Data(text.utf8).write(to: URL(fileURLWithPath: file))
            let result = try PushFakeCommand.run(["serve", "--state", file])
            XCTAssertEqual(result.status, 65, "\(name): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains(file) && result.stderr.contains(expected), "\(name): \(result.stderr)")
            XCTAssertTrue(result.stdout.isEmpty, "no ready line: it never listened")
        }
        let missing = try PushFakeCommand.run(["serve", "--state", directory.appendingPathComponent("none.json").path])
        XCTAssertEqual(missing.status, 65)
        XCTAssertTrue(missing.stderr.contains("cannot read the state file"), missing.stderr)
    }
}

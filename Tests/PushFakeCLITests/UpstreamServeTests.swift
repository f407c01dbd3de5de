import Foundation
import PushFakeCore
import PushFakeTestSupport
import XCTest

/// `pushfake serve --upstream-…` and `pushfake journal --redact-app-keys` with the real binary: a second `pushfake
/// serve` plays the real service.
final class UpstreamServeTests: XCTestCase {
    func test_upstreamFlags_exit64NamingTheFlag_whenWrong() throws {
        let cases: [([String], String)] = [
            (["--upstream-tpns", "tpns.example.com"], "--upstream-tpns is not an absolute URL: tpns.example.com"),
            (["--upstream-twinpush", "ftp://x/api/v2"], "--upstream-twinpush must be http or https, not ftp"),
            (["--upstream-tpns", "https://x/TPNS?k=1"], "--upstream-tpns must not have a query or fragment"),
            (
                ["--upstream-tpns", "https://x/TPNS", "--upstream-mode", "mirror"],
                "--upstream-mode must be one of proxy, learn, not mirror"
            ),
            (
                ["--upstream-tpns", "https://x/TPNS", "--upstream-timeout", "-1"],
                "--upstream-timeout must be a number in 0.1...600.0, not -1"
            ),
            (
                ["--upstream-tpns", "https://x/TPNS", "--upstream-timeout", "nan"],
                "--upstream-timeout must be a number"
            ),
            (["--upstream-mode", "learn"], "--upstream-mode needs --upstream vendor=url"),
            (["--upstream-timeout", "5"], "--upstream-timeout needs --upstream vendor=url"),
        ]
        for (arguments, message) in cases {
            let result = try PushFakeCommand.run(["serve"] + arguments)
            XCTAssertEqual(result.status, 64, "\(arguments)")
            XCTAssertTrue(result.stderr.contains(message), "\(arguments): \(result.stderr)")
        }
    }

    func test_serveInFrontOfAnotherServe_forwardsJournalsAndExportsRedacted() async throws {
        // GIVEN a stand-in and a learning proxy in front of it, both real processes
        let standIn = try ServeProcess(["--quiet"])
        let tpns = try XCTUnwrap(standIn.ready["tpns"]?.stringValue)
        let twinPush = try XCTUnwrap(standIn.ready["twinpush"]?.stringValue)
        let proxy = try ServeProcess([
            "--upstream-tpns", tpns, "--upstream-twinpush", twinPush, "--upstream-mode", "learn",
            "--upstream-timeout", "5",
        ])
        // WHEN a TPNS register goes through the proxy
        let answer = try await proxy.request(
            "POST", "/TPNS/api/device/register",
            body: #"{"deviceId":"D1","deviceRegistrationId":"ab","applicationKey":"SECRETKEY","applicationType":"IOS"}"#
        )
        XCTAssertEqual(answer.status, 200, answer.body)
        // THEN the stand-in journaled it, and the proxy's recording marks it proxied, with the key redacted on request
        let upstream = try PushFakeCommand.run(["journal", "--url", standIn.url, "--format", "jsonl"])
        XCTAssertTrue(upstream.stdout.contains(#""operation":"register""#), upstream.stdout)
        let recording = try PushFakeCommand.run([
            "journal", "--url", proxy.url, "--format", "jsonl", "--redact-app-keys",
        ])
        XCTAssertEqual(recording.status, 0, recording.stderr)
        XCTAssertTrue(recording.stdout.contains(#""proxied":{"mode":"learn","upstream":"\#(tpns)","latencyMs":"#))
        XCTAssertFalse(recording.stdout.contains("SECRETKEY"), recording.stdout)
        XCTAssertTrue(
            recording.stdout.contains(
                #""notes":["application key ${secret:tpns-app-key} auto-provisioned","new device"]"#), recording.stdout)
        let stopped = proxy.stop()
        XCTAssertTrue(
            stopped.stderr.contains("forwarding TPNS to \(tpns), TwinPush to \(twinPush) (mode learn, timeout 5 s)"),
            stopped.stderr)
        _ = standIn.stop()
    }
}

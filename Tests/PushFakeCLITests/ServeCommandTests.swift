import Foundation
import PushFakeCore
import PushFakeTestSupport
import XCTest

final class ServeCommandTests: XCTestCase {
    private let register =
        #"{"deviceId":"D1","deviceRegistrationId":"0a1b","applicationKey":"APPKEY","applicationType":"IOS_SAND"}"#
    /// The TPNS_iOS README `curl` body (TPNSWireProtocol.md §7.1), with the device id the register above used.
    private let readmeSend =
        #"[{"message":"Test","handlingLevel":1,"applicationKey":"APPKEY","applicationTypes":["IOS_SAND"],"deviceIds":["D1"]}]"#

    func test_serve_printsReadyLineFirst_whenStarted() throws {
        let server = try ServeProcess()
        let port = server.port
        XCTAssertGreaterThan(port, 0)
        XCTAssertEqual(
            server.readyLine,
            #"{"event":"listening","url":"http://127.0.0.1:\#(port)","tpns":"http://127.0.0.1:\#(port)/TPNS","#
                + #""twinpush":"http://127.0.0.1:\#(port)/api/v2","admin":"http://127.0.0.1:\#(port)/__pushfake"}"#)
        XCTAssertEqual(server.stop().status, 0)
    }

    func test_serve_answersREADMECurlAndLogsToStderr_whenTrafficArrives() async throws {
        let server = try ServeProcess()
        let registered = try await server.request("POST", "/TPNS/api/device/register", body: register)
        XCTAssertEqual(registered.status, 200)
        let sent = try await server.request("POST", "/TPNS//api/pushnotifications", body: readmeSend)
        XCTAssertEqual(sent.status, 200)
        XCTAssertTrue(sent.body.contains(#""deliveredDeviceIds":["D1"]"#))
        let (status, log) = server.stop(signal: SIGINT)
        XCTAssertEqual(status, 0)
        XCTAssertTrue(log.contains("POST /TPNS/api/device/register -> 200 tpns.register #1"), log)
        XCTAssertTrue(log.contains("tpns.pushNotifications #2"), log)
    }

    func test_serve_exitsZero_whenSIGTERM() throws {
        let server = try ServeProcess(["--quiet"])
        XCTAssertEqual(server.stop(signal: SIGTERM).status, 0)
    }

    func test_serve_injected1001_answers409WithSDKText_whenFaultPosted() async throws {
        let server = try ServeProcess(["--quiet"])
        let added = try await server.request(
            "POST", "/__pushfake/faults", body: #"{"match":{"operation":"register"},"fault":{"tpnsError":-1001}}"#)
        XCTAssertEqual(added.status, 201)
        let faulted = try await server.request("POST", "/TPNS/api/device/register", body: register)
        XCTAssertEqual(faulted.status, 409)
        let json = try JSON.parse(faulted.body)
        XCTAssertEqual(json["errors"]?[0]?["errorCode"], -1001)
        XCTAssertEqual(json["message"]?.stringValue, TPNSErrorCode.registrationIsAlreadyInProgress.text)
        _ = server.stop()
    }

    func test_serve_sameSeedSameTraffic_givesByteIdenticalJournal_whenRunTwice() async throws {
        func run(port: Int) async throws -> (Int, String) {
            let server = try ServeProcess(["--seed", "42", "--port", String(port), "--quiet"])
            _ = try await server.request("POST", "/TPNS/api/device/register", body: register)
            _ = try await server.request("POST", "/TPNS/api/pushnotifications", body: readmeSend)
            _ = try await server.request("PUT", "/TPNS/api/application/APPKEY/device/D1/unregister")
            _ = try await server.request("GET", "/nowhere")
            let journal = try await server.request("GET", "/__pushfake/journal?format=jsonl")
            let boundPort = server.port
            _ = server.stop()
            return (boundPort, journal.body)
        }
        let (port, first) = try await run(port: 0)
        // Same port on the second run, so the Host header, part of the journal, is the same too.
        let (_, second) = try await run(port: port)
        XCTAssertEqual(first.split(separator: "\n").count, 4)
        XCTAssertEqual(first, second)
    }

    func test_serve_flagsReachTheEngine_whenStateChecksAndStrictAppsGiven() async throws {
        let server = try ServeProcess(["--state-checks", "--tpns-app", "APPKEY", "--journal-limit", "2", "--quiet"])
        let unknown = try await server.request("PUT", "/TPNS/api/application/APPKEY/device/ghost/unregister")
        XCTAssertEqual(unknown.status, 404, "state checks answer -1000")
        let wrongKey = try await server.request(
            "POST", "/TPNS/api/device/register", body: register.replacingOccurrences(of: "APPKEY", with: "OTHER"))
        XCTAssertEqual(wrongKey.status, 422, "strict application keys")
        _ = try await server.request("GET", "/x")
        let journal = try JSON.parse(try await server.request("GET", "/__pushfake/journal").body)
        XCTAssertEqual(journal["count"], 2)
        XCTAssertEqual(journal["dropped"], 1)
        _ = server.stop()
    }

    func test_serve_warnsOnceOnStderr_whenNoJournalLimit() throws {
        let server = try ServeProcess(["--quiet"])
        XCTAssertEqual(server.ready["event"], "listening", "stdout's first line stays the ready line")
        let (status, log) = server.stop()
        XCTAssertEqual(status, 0)
        let lines = log.split(separator: "\n", omittingEmptySubsequences: true)
        XCTAssertEqual(lines.count, 2, "the warning, kept under --quiet, then the last line: \(log)")
        XCTAssertTrue(
            lines.first?.hasPrefix("pushfake: the journal keeps every request (no --journal-limit): memory grows")
                == true,
            log)
        XCTAssertTrue(lines.first?.contains("GET /__pushfake/health") == true, log)
        XCTAssertEqual(lines.last, "pushfake: stopped on SIGTERM after 0 request(s)")
    }

    func test_serve_warnsAsAnEvent_whenTheLogIsJSON() throws {
        let server = try ServeProcess(["--log-format", "json"])
        let (_, log) = server.stop()
        let first = try JSON.parse(String(log.prefix { $0 != "\n" }))
        XCTAssertEqual(first["event"], "warning")
        XCTAssertEqual(first["message"]?.stringValue?.hasPrefix("the journal keeps every request"), true, log)
    }

    func test_serve_saysNothingAboutTheJournal_whenLimitGiven() throws {
        let server = try ServeProcess(["--journal-limit", "1000", "--quiet"])
        XCTAssertEqual(server.ready["event"], "listening")
        let (status, log) = server.stop()
        XCTAssertEqual(status, 0)
        XCTAssertEqual(log, "pushfake: stopped on SIGTERM after 0 request(s)\n")
    }
}

/// The request log: the fault applied on each line, `--log-format json`, and the last line on shutdown.
final class RequestLogTests: XCTestCase {
    func test_logLine_namesTheFaultApplied() async throws {
        let server = try ServeProcess([])
        _ = try PushFakeCommand.run(["faults", "add", #"{"fault":{"tpnsError":-1001}}"#, "--url", server.url])
        _ = try await server.request("POST", "/TPNS/api/device/register", body: "{}")
        let (status, log) = server.stop()
        XCTAssertEqual(status, 0)
        XCTAssertTrue(
            log.contains("POST /TPNS/api/device/register -> 409 tpns.register #1 fault=tpnsError(-1001)\n"), log)
        XCTAssertTrue(log.hasSuffix("pushfake: stopped on SIGTERM after 1 request(s)\n"), log)
    }

    func test_jsonLogFormat_writesOneObjectPerLine() async throws {
        let server = try ServeProcess(["--log-format", "json"])
        _ = try PushFakeCommand.run(["faults", "add", #"{"fault":{"status":503,"delay":0.01}}"#, "--url", server.url])
        _ = try await server.request("POST", "/TPNS/api/device/register", body: "{}")
        let (_, log) = server.stop()
        let lines = log.split(separator: "\n").map { try? JSON.parse(String($0)) }
        XCTAssertTrue(lines.allSatisfy { $0 != nil }, log)
        let vendor = lines.compactMap { $0 }.first { $0["label"] == "tpns.register" }
        XCTAssertEqual(vendor?["status"], 503)
        XCTAssertEqual(vendor?["seq"], 1)
        XCTAssertEqual(vendor?["fault"], "status(503)+delay(0.01)")
        XCTAssertEqual(lines.last??["event"], "stopped")
    }
}

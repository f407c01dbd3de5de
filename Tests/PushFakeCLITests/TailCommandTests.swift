import Foundation
import PushFakeCore
import PushFakeHTTP
import XCTest

/// `pushfake tail` against the real binary: live lines, `--json`, `--since`, `--instance`, signals, strict flags.
final class TailCommandTests: XCTestCase {
    private let register =
        #"{"deviceId":"D1","deviceRegistrationId":"0a1b","applicationKey":"APPKEY","applicationType":"IOS"}"#
    private let send =
        #"[{"message":"Hi","handlingLevel":1,"applicationKey":"APPKEY","applicationTypes":["IOS"],"deviceIds":["D1"]}]"#

    func test_tail_printsOneLinePerEntryAndDelivery_withTheFault_andExitsZeroOnSIGINT() async throws {
        let server = try ServerProcess(["--quiet"])
        _ = try await server.request(
            "POST", "/__pushfake/faults", body: #"{"match":{"operation":"unregister"},"fault":{"tpnsError":-1001}}"#)
        // --since 0: whatever happens before the stream is open is replayed, so no request can be missed.
        let tail = try TailProcess(["--url", server.url, "--since", "0"])
        _ = try await server.request("POST", "/TPNS/api/device/register", body: register)
        _ = try await server.request("POST", "/TPNS/api/pushnotifications", body: send)
        _ = try await server.request("PUT", "/TPNS/api/application/APPKEY/device/D1/unregister")
        let lines = try tail.lines(until: { $0.contains { $0.contains("tpns.unregister") } })
        let register = try XCTUnwrap(lines.first { $0.contains("tpns.register") }, lines.joined(separator: "\n"))
        XCTAssertTrue(register.hasPrefix("#1 2026-01-01T00:00:00"), register)
        XCTAssertTrue(register.hasSuffix("tpns.register POST /TPNS/api/device/register -> 200"), register)
        let sent = try XCTUnwrap(lines.first { $0.contains("tpns.pushNotifications") })
        XCTAssertTrue(sent.hasSuffix("-> 200 deliveries=1"), sent)
        XCTAssertTrue(lines.contains { $0.hasPrefix("  delivery ") && $0.contains("tpns -> D1") }, "\(lines)")
        let faulted = try XCTUnwrap(lines.first { $0.contains("tpns.unregister") })
        XCTAssertTrue(faulted.hasSuffix("-> 409 fault=tpnsError(-1001)"), faulted)
        XCTAssertEqual(tail.stop(signal: SIGINT), 0)
        XCTAssertEqual(server.stop().status, 0)
    }

    func test_tail_namesTheReason_whenTheNetworkWouldRefuseADelivery() async throws {
        let server = try ServerProcess(["--quiet"])
        let tail = try TailProcess(["--url", server.url, "--since", "0"])
        _ = try await server.request(
            "POST", "/TPNS/api/device/register", body: register.replacingOccurrences(of: "0a1b", with: "token-1"))
        _ = try await server.request("POST", "/TPNS/api/pushnotifications", body: send)
        let lines = try tail.lines(until: { $0.contains { $0.hasPrefix("  delivery ") } })
        XCTAssertTrue(lines.contains("  delivery 3000000000000001 tpns -> D1 (ios) failed BadDeviceToken"), "\(lines)")
        XCTAssertEqual(tail.stop(signal: SIGINT), 0)
        XCTAssertEqual(server.stop().status, 0)
    }

    func test_tail_printsOneLinePerEntry_whenAFaultsErrorTypeHoldsControlCharacters() throws {
        // GIVEN an in-process server whose fault rule (made through the Swift API, which takes any name) answered a
        // request with an error type holding a newline and a forged line
        let server = PushFakeServer(fake: PushFake())
        try server.start()
        defer { server.stop() }
        let forged = "E\nPOST /forged -> 200\u{1B}[2K"
        server.fake.inject(.twinPushError(TwinPushErrorType(rawValue: forged, status: 422)), when: .any)
        let client = try LoopbackHTTPClient(port: server.port, receiveTimeout: 20)
        XCTAssertEqual(client.request("POST", "/TPNS/api/device/register", body: register)?.status, 422)
        // WHEN tail prints it
        let tail = try TailProcess(["--url", server.baseURL.absoluteString, "--since", "0"])
        let lines = try tail.lines(until: { !$0.isEmpty })
        // THEN it is one line, the control characters escaped
        XCTAssertEqual(lines.count, 1, "\(lines)")
        let line = try XCTUnwrap(lines.first)
        XCTAssertTrue(line.contains("-> 422 fault=") && line.contains("POST /forged"), line)
        XCTAssertFalse(line.unicodeScalars.contains { !LogText.isPrintable($0) }, line)
        XCTAssertEqual(tail.stop(signal: SIGTERM), 0)
    }

    func test_tailJSON_replaysSince_asARecording_followsAnInstance_andExitsZeroOnSIGTERM() async throws {
        let server = try ServerProcess(["--quiet"])
        let created = try await server.request("POST", "/__pushfake/instances", body: "{}")
        let id = try XCTUnwrap(try JSON.parse(created.body)["id"]?.stringValue)
        for _ in 0..<3 { _ = try await server.request("POST", "/i/\(id)/TPNS/api/device/register", body: register) }
        _ = try await server.request("POST", "/TPNS/api/device/register", body: register)
        let tail = try TailProcess(["--url", server.url, "--instance", id, "--json", "--since", "1"])
        let lines = try tail.lines(until: { $0.count >= 2 })
        XCTAssertEqual(lines.count, 2, "entries 2 and 3 of the instance, nothing of the server's own journal")
        let entries = try lines.map { try JSON.parse($0) }
        XCTAssertEqual(entries.map { $0["seq"]?.intValue }, [2, 3])
        XCTAssertEqual(entries.first?["v"], 1)
        XCTAssertEqual(tail.stop(signal: SIGTERM), 0)
        XCTAssertEqual(server.stop().status, 0)
    }

    func test_tailJSON_equalsTheJSONLinesExport_andNeitherNorTheLogHoldSecrets_withRedactAppKeys() throws {
        // GIVEN a server that redacts application keys, logging to stderr, and a tail from the start
        let server = try ServerProcess(["--redact-app-keys"])
        let tail = try TailProcess(["--url", server.url, "--json", "--since", "0"])
        // WHEN a key and a token travel in bodies (escaped), paths and queries (percent-encoded)
        let client = try LoopbackHTTPClient(port: server.port, receiveTimeout: 30)
        let key = #"K3y\/x"#
        let register =
            #"{"deviceId":"D1","deviceRegistrationId":"0a1b","applicationKey":"\#(key)","applicationType":"IOS"}"#
        XCTAssertEqual(client.request("POST", "/TPNS/api/device/register", body: register)?.status, 200)
        let send = #"[{"message":"Hi","handlingLevel":1,"applicationKey":"\#(key)","applicationTypes":["IOS"]}]"#
        XCTAssertEqual(client.request("POST", "/TPNS/api/pushnotifications", body: send)?.status, 200)
        _ = client.request("PUT", "/TPNS/api/application/K3y%2Fx/device/D1/unregister")
        _ = client.request(
            "GET", "/api/v2/apps/app1/devices?api_token=t%2Fk%3D1",
            headers: [("X-TwinPush-REST-API-Token", "t/k=1")])
        // THEN tail --json prints the export's lines, byte for byte
        let lines = try tail.lines(until: { $0.count >= 4 })
        let export = try XCTUnwrap(client.request("GET", "/__pushfake/journal?format=jsonl")).text
        XCTAssertEqual(lines, export.split(separator: "\n").map(String.init))
        XCTAssertEqual(tail.stop(signal: SIGINT), 0)
        // AND neither they nor the request log name the key or the token in any spelling
        let log = server.stop().stderr
        XCTAssertTrue(log.contains("/unregister"), log)
        for (name, text) in [("tail --json", lines.joined(separator: "\n")), ("the log", log)] {
            for secret in ["K3y/x", #"K3y\/x"#, "K3y%2Fx", "t/k=1", "t%2Fk%3D1"] {
                XCTAssertFalse(text.contains(secret), "\(name) holds \(secret):\n\(text)")
            }
        }
        XCTAssertTrue(lines[0].contains(#""app":"${secret:tpns-app-key}""#), lines[0])
    }

    func test_tail_endsWithZeroWhenTheInstanceIsDeleted() async throws {
        let server = try ServerProcess(["--quiet"])
        let created = try await server.request("POST", "/__pushfake/instances", body: "{}")
        let id = try XCTUnwrap(try JSON.parse(created.body)["id"]?.stringValue)
        let tail = try TailProcess(["--url", server.url + "/i/" + id, "--since", "0"])
        _ = try await server.request("POST", "/i/\(id)/TPNS/api/device/register", body: register)
        // Its line shows the stream is open, so the deletion below ends it (rather than answering it 404).
        XCTAssertEqual(try tail.lines(until: { !$0.isEmpty }).count, 1)
        _ = try await server.request("DELETE", "/__pushfake/instances/\(id)")
        XCTAssertEqual(tail.waitForExit(), 0)
        XCTAssertTrue(tail.errors.contains("the server ended the stream"), tail.errors)
        XCTAssertEqual(server.stop().status, 0)
    }

    func test_tail_saysWhenTheJournalRestarts_goesOn_andEndsWithZero_whenTheServerStops() async throws {
        let server = try ServerProcess(["--quiet"])
        let tail = try TailProcess(["--url", server.url, "--since", "0"])
        _ = try await server.request("POST", "/TPNS/api/device/register", body: register)
        XCTAssertEqual(try tail.lines(until: { !$0.isEmpty }).count, 1)
        _ = try await server.request("POST", "/__pushfake/reset")
        _ = try await server.request("POST", "/TPNS/api/device/register", body: register)

        let lines = try tail.lines(until: { $0.count >= 3 })

        XCTAssertEqual(lines.count, 3, lines.joined(separator: "\n"))
        XCTAssertTrue(lines[0].hasPrefix("#1 "), lines[0])
        XCTAssertTrue(lines[1].hasPrefix("-- reset: the journal started over (epoch "), lines[1])
        XCTAssertTrue(lines[1].hasSuffix(", reset)"), lines[1])
        XCTAssertTrue(lines[2].hasPrefix("#1 "), "numbering starts over, and the new entry is shown: \(lines[2])")
        XCTAssertEqual(server.stop().status, 0)
        XCTAssertEqual(tail.waitForExit(), 0)
        XCTAssertTrue(tail.errors.contains("the server ended the stream: the server is shutting down"), tail.errors)
    }

    func test_tail_isStrict_andSaysWhenNoServerAnswers() throws {
        let unknown = try ServerProcess.run(["tail", "--url", "http://127.0.0.1:9", "--follow"])
        XCTAssertEqual(unknown.status, 64)
        XCTAssertTrue(unknown.stderr.contains("unknown option --follow"), unknown.stderr)
        let badSince = try ServerProcess.run(["tail", "--url", "http://127.0.0.1:9", "--since", "abc"])
        XCTAssertEqual(badSince.status, 64)
        XCTAssertTrue(badSince.stderr.contains("--since must be a number"), badSince.stderr)
        let flagValue = try ServerProcess.run(["tail", "--url", "http://127.0.0.1:9", "--json=yes"])
        XCTAssertEqual(flagValue.status, 64)
        let twice = try ServerProcess.run(["tail", "--url", "http://127.0.0.1:9/i/2", "--instance", "3"])
        XCTAssertEqual(twice.status, 64)
        let help = try ServerProcess.run(["tail", "--help"])
        XCTAssertEqual(help.status, 0)
        for option in ["--json", "--since <seq>", "--instance <id>", "--url <url>", "--token <token>"] {
            XCTAssertTrue(help.stdout.contains(option), "help lacks \(option):\n\(help.stdout)")
        }
        // Port 9 (discard) has no listener on a test machine.
        let nobody = try ServerProcess.run(["tail", "--url", "http://127.0.0.1:9"])
        XCTAssertEqual(nobody.status, 69, nobody.stderr)
    }

    func test_tail_needsTheTokenOfAServerStartedWithOne() async throws {
        let server = try ServerProcess(["--quiet", "--admin-token", "s3cret"])
        let refused = try ServerProcess.run(["tail", "--url", server.url])
        XCTAssertEqual(refused.status, 1)
        XCTAssertTrue(refused.stderr.contains("403"), refused.stderr)
        let tail = try TailProcess(
            ["--url", server.url, "--since", "0"], environment: ["PUSHFAKE_ADMIN_TOKEN": "s3cret"])
        _ = try await server.request("POST", "/TPNS/api/device/register", body: register)
        XCTAssertTrue(try tail.lines(until: { !$0.isEmpty }).first?.contains("tpns.register") == true)
        XCTAssertEqual(tail.stop(signal: SIGINT), 0)
        XCTAssertEqual(server.stop().status, 0)
    }
}

/// `pushfake tail …` running in the background, its stdout read line by line.
private final class TailProcess {
    let process = Process()
    private let output = Pipe()
    private let errorPipe = Pipe()
    private var buffer: [UInt8] = []
    private(set) var errors = ""

    init(_ arguments: [String], environment: [String: String] = [:]) throws {
        process.executableURL = ServerProcess.binary
        process.arguments = ["tail"] + arguments
        process.environment = ProcessInfo.processInfo.environment.filter {
            $0.key != "PUSHFAKE_URL" && $0.key != "PUSHFAKE_ADMIN_TOKEN"
        }.merging(environment) { _, added in added }
        process.standardOutput = output
        process.standardError = errorPipe
        try process.run()
    }

    deinit {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
    }

    /// The complete lines printed so far, read until `done` holds for them (or 30 s pass: the test then fails on
    /// what it got).
    func lines(until done: ([String]) -> Bool) throws -> [String] {
        let deadline = Date().addingTimeInterval(30)
        var lines: [String] = []
        while Date() < deadline {
            let text = String(decoding: buffer, as: UTF8.self)
            lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
            if done(lines) { return lines }
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            buffer += chunk
        }
        return lines
    }

    /// Sends `signal` and returns the exit status.
    func stop(signal: Int32) -> Int32 {
        if process.isRunning { kill(process.processIdentifier, signal) }
        return waitForExit()
    }

    /// Waits (at most 30 s, then kills) and returns the exit status.
    func waitForExit() -> Int32 {
        let deadline = Date().addingTimeInterval(30)
        while process.isRunning, Date() < deadline { usleep(10_000) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        errors = String(decoding: errorPipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        return process.terminationStatus
    }
}

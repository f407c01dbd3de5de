import Foundation
import PushFakeCore
import PushFakeTestSupport
import XCTest

/// `pushfake serve --apns-dir/--simulator/--bundle-id` with a stand-in `xcrun` on `PATH` (docs/simulator.md).
final class SimulatorServeTests: XCTestCase {
    private var root: URL!
    private var xcrun: StandInXcrun?

    override func setUpWithError() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent(
            "pushfake-simulator-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: root)
        xcrun?.remove()
    }

    /// A stand-in `xcrun` that logs its arguments and exits with `status`; returns the environment that puts it on
    /// `PATH` (a custom `script` replaces the logging one).
    private func installXcrun(status: Int32, stderr: String = "", script: String? = nil) throws -> [String: String] {
        let standIn =
            try script.map { try StandInXcrun(script: $0) } ?? StandInXcrun(exitStatus: status, stderr: stderr)
        xcrun = standIn
        return standIn.environment
    }

    private var calls: [String] { xcrun?.calls ?? [] }

    /// Registers a TPNS iOS device and sends it `count` pushes, one request each.
    private func registerAndSend(_ server: ServeProcess, count: Int) async throws {
        let register =
            #"{"deviceId":"PHONE","deviceRegistrationId":"cafe","applicationKey":"APPKEY","applicationType":"IOS"}"#
        let registered = try await server.request("POST", "/TPNS/api/device/register", body: register)
        XCTAssertEqual(registered.status, 200, registered.body)
        for index in 1...count {
            let send =
                #"[{"message":"Push \#(index)","handlingLevel":1,"applicationKey":"APPKEY","applicationTypes":["IOS"],"deviceIds":["PHONE"]}]"#
            let sent = try await server.request("POST", "/TPNS/api/pushnotifications", body: send)
            XCTAssertEqual(sent.status, 200, sent.body)
        }
    }

    func test_serve_writesApnsFilesAndRunsSimctlPushInOrder_withTheStandInXcrun() async throws {
        // GIVEN pushfake serve delivering into the booted simulator, with .apns files kept
        let environment = try installXcrun(status: 0)
        let directory = root.appendingPathComponent("apns")
        let server = try ServeProcess(
            ["--apns-dir", directory.path, "--simulator", "booted", "--bundle-id", "com.example.app"],
            environment: environment)
        // WHEN a backend sends three pushes to an iOS device
        try await registerAndSend(server, count: 3)
        await Wait.untilAsync { calls.count >= 3 }
        // THEN one simctl push per delivery, in delivery order, each with its file, holding the payload and bundle
        let names = (try FileManager.default.contentsOfDirectory(atPath: directory.path)).sorted()
        XCTAssertEqual(names, ["000001-tpns-PHONE.apns", "000002-tpns-PHONE.apns", "000003-tpns-PHONE.apns"])
        XCTAssertEqual(
            calls, names.map { "simctl push booted com.example.app \(directory.appendingPathComponent($0).path)" })
        for (index, name) in names.enumerated() {
            let data = FileManager.default.contents(atPath: directory.appendingPathComponent(name).path) ?? Data()
            XCTAssertEqual(
                String(decoding: data, as: UTF8.self),
                #"{"Simulator Target Bundle":"com.example.app","aps":{"alert":"Push \#(index + 1)","sound":"default"}}"#
            )
        }
        XCTAssertEqual(server.stop().status, 0)
    }

    func test_serve_reportsAFailedPushOnStderrAndInTheAdminAPI_andKeepsServing() async throws {
        // GIVEN an xcrun that fails as simctl does with no booted device
        let environment = try installXcrun(status: 148, stderr: "Invalid device: booted")
        // --quiet: this test polls, and ServeProcess reads stderr only when the server stops.
        let server = try ServeProcess(
            ["--quiet", "--simulator", "booted", "--bundle-id", "com.example.app"], environment: environment)
        // WHEN a push is sent
        try await registerAndSend(server, count: 1)
        var deliveries = JSON.null
        try await Wait.untilAsync {
            deliveries = try JSON.parse(Array(try await server.request("GET", "/__pushfake/deliveries").body.utf8))
            return deliveries["deliveries"]?[0]?["notes"] != nil
        }
        // THEN the delivery and its journal entry carry the failure, and the log says it
        let note = "simctl push booted com.example.app: failed (exit 148): Invalid device: booted"
        XCTAssertEqual(deliveries["deliveries"]?[0]?["notes"], [.string(note)])
        let journal = try JSON.parse(Array(try await server.request("GET", "/__pushfake/journal").body.utf8))
        XCTAssertEqual(journal["entries"]?[1]?["notes"]?.arrayValue?.last, .string(note))
        let health = try await server.request("GET", "/__pushfake/health")
        XCTAssertEqual(health.status, 200)
        let stopped = server.stop()
        XCTAssertEqual(stopped.status, 0)
        XCTAssertTrue(stopped.stderr.contains("pushfake: delivery "), stopped.stderr)
        XCTAssertTrue(stopped.stderr.contains("to device PHONE: \(note)"), stopped.stderr)
    }

    func test_serve_finishesASimulatorPushInFlight_andLogsItsNote_beforeItExits() async throws {
        // GIVEN an xcrun that takes a second before it fails, and a generous shutdown grace
        let script = """
            printf '%s\\n' "$*" >> "$(dirname "$0")/calls.log"
            sleep 1
            echo 'Invalid device: booted' >&2
            exit 148
            """
        let environment = try installXcrun(status: 148, script: script)
        let server = try ServeProcess(
            ["--quiet", "--shutdown-grace", "30", "--simulator", "booted", "--bundle-id", "com.example.app"],
            environment: environment)
        // WHEN the server is stopped while the push is running
        try await registerAndSend(server, count: 1)
        await Wait.untilAsync { calls.count >= 1 }
        let stopped = server.stop()
        // THEN it waits for the push, logs its note and exits 0
        XCTAssertEqual(stopped.status, 0)
        let note = "simctl push booted com.example.app: failed (exit 148): Invalid device: booted"
        XCTAssertTrue(stopped.stderr.contains("to device PHONE: \(note)"), stopped.stderr)
    }

    func test_serve_logsASimulatorsErrorOutputOnOneLine_whenItHoldsControlCharacters() async throws {
        // GIVEN an xcrun whose error output moves the cursor, colours and reverses the text
        let script = """
            printf 'Invalid \\033[31mdevice\\033[0m \\342\\200\\256live\\302\\233\\177 -> 200\\n' >&2
            exit 148
            """
        let environment = try installXcrun(status: 148, script: script)
        for format in ["text", "json"] {
            let server = try ServeProcess(
                ["--quiet", "--log-format", format, "--simulator", "booted", "--bundle-id", "com.example.app"],
                environment: environment)
            // WHEN a push fails with that output
            try await registerAndSend(server, count: 1)
            try await Wait.untilAsync {
                let deliveries = try await server.request("GET", "/__pushfake/deliveries").body
                return deliveries.contains("notes")
            }
            let stderr = server.stop().stderr
            let line = try XCTUnwrap(stderr.split(separator: "\n").first { $0.contains("delivery ") }, stderr)
            // THEN the log line is one printable line
            XCTAssertFalse(line.unicodeScalars.contains { !LogText.isPrintable($0) }, String(line))
            let original = "Invalid \u{1B}[31mdevice\u{1B}[0m \u{202E}live\u{9B}\u{7F} -> 200"
            if format == "text" {
                let escaped = #"Invalid \u{1B}[31mdevice\u{1B}[0m \u{202E}live\u{9B}\u{7F} -> 200"#
                XCTAssertTrue(line.contains(escaped), String(line))
            } else {
                // AND the JSON line decodes to the output as the simulator wrote it
                let message = try JSON.parse(Array(line.utf8))["message"]?.stringValue ?? ""
                XCTAssertTrue(message.hasSuffix(original), message)
            }
        }
    }

    func test_serve_rejectsSimulatorFlagsThatCannotWork() throws {
        let cases: [([String], String)] = [
            (["--simulator", "booted"], "--apns-dir and --simulator need --bundle-id"),
            (["--bundle-id", "com.example.app"], "--bundle-id is for --apns-dir or --simulator"),
            (["--apns-dir", "/tmp/x", "--bundle-id", "com example"], "--bundle-id takes letters, digits"),
            (["--simulator", "booted;true", "--bundle-id", "a.b"], "--simulator takes booted or a simulator's UDID"),
        ]
        for (arguments, message) in cases {
            let result = try PushFakeCommand.run(["serve"] + arguments)
            XCTAssertEqual(result.status, 64, "\(arguments)")
            XCTAssertTrue(result.stderr.contains(message), "\(arguments): \(result.stderr)")
        }
    }
}

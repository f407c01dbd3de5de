import Foundation
import PushFakeCore
import XCTest

/// `pushfake serve --apns-dir/--simulator/--bundle-id` with a stand-in `xcrun` on `PATH` (README, "Into the iOS
/// Simulator").
final class SimulatorServeTests: XCTestCase {
    private var root: URL!

    override func setUpWithError() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent(
            "pushfake-simulator-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("bin"), withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: root)
    }

    /// An `xcrun` in `root/bin` that logs its arguments to `root/calls.log` and exits with `status`.
    private func installXcrun(status: Int32, stderr: String = "") throws -> [String: String] {
        let script = """
            #!/bin/sh
            printf '%s\\n' "$*" >> '\(root.path)/calls.log'
            [ -z '\(stderr)' ] || echo '\(stderr)' >&2
            exit \(status)

            """
        let path = root.appendingPathComponent("bin/xcrun").path
        try Data(script.utf8).write(to: URL(fileURLWithPath: path))
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
        let inherited = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return ["PATH": root.appendingPathComponent("bin").path + ":" + inherited]
    }

    private var calls: [String] {
        let data = FileManager.default.contents(atPath: root.appendingPathComponent("calls.log").path) ?? Data()
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    /// Registers a TPNS iOS device and sends it `count` pushes, one request each.
    private func registerAndSend(_ server: ServerProcess, count: Int) async throws {
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

    /// Waits (at most 60 s, for a loaded machine) until `done` holds.
    private func eventually(_ done: () async throws -> Bool) async throws {
        let deadline = Date().addingTimeInterval(60)
        while try await !done(), Date() < deadline { try await Task.sleep(nanoseconds: 20_000_000) }
    }

    func test_serve_writesApnsFilesAndRunsSimctlPushInOrder_withTheStandInXcrun() async throws {
        // GIVEN pushfake serve delivering into the booted simulator, with .apns files kept
        let environment = try installXcrun(status: 0)
        let directory = root.appendingPathComponent("apns")
        let server = try ServerProcess(
            ["--apns-dir", directory.path, "--simulator", "booted", "--bundle-id", "com.example.app"],
            environment: environment)
        // WHEN a backend sends three pushes to an iOS device
        try await registerAndSend(server, count: 3)
        try await eventually { calls.count >= 3 }
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
        // --quiet: this test polls, and ServerProcess reads stderr only when the server stops.
        let server = try ServerProcess(
            ["--quiet", "--simulator", "booted", "--bundle-id", "com.example.app"], environment: environment)
        // WHEN a push is sent
        try await registerAndSend(server, count: 1)
        var deliveries = JSON.null
        try await eventually {
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

    func test_serve_logsASimulatorsErrorOutputOnOneLine_whenItHoldsControlCharacters() async throws {
        // GIVEN an xcrun whose error output moves the cursor, colours and reverses the text
        let environment = try installXcrun(status: 148)
        let script = """
            #!/bin/sh
            printf 'Invalid \\033[31mdevice\\033[0m \\342\\200\\256live\\302\\233\\177 -> 200\\n' >&2
            exit 148

            """
        try Data(script.utf8).write(to: root.appendingPathComponent("bin/xcrun"))
        for format in ["text", "json"] {
            let server = try ServerProcess(
                ["--quiet", "--log-format", format, "--simulator", "booted", "--bundle-id", "com.example.app"],
                environment: environment)
            // WHEN a push fails with that output
            try await registerAndSend(server, count: 1)
            try await eventually {
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
            let result = try ServerProcess.run(["serve"] + arguments)
            XCTAssertEqual(result.status, 64, "\(arguments)")
            XCTAssertTrue(result.stderr.contains(message), "\(arguments): \(result.stderr)")
        }
    }
}

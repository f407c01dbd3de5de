import Foundation
import PushFakeCore
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The real `pushfake` binary, started as a child process, as a user would run it.
final class ServerProcess {
    let process = Process()
    private let output = Pipe()
    private let errors = Pipe()
    /// The first stdout line, parsed.
    private(set) var ready: JSON = .null

    static var binary: URL {
        #if os(macOS)
            for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
                return bundle.bundleURL.deletingLastPathComponent().appendingPathComponent("pushfake")
            }
        #endif
        return Bundle.main.bundleURL.appendingPathComponent("pushfake")
    }

    /// Runs `pushfake` to completion and returns its exit status and output; a run still going after `watchdog`
    /// seconds is killed (status 9), so a command that never ends fails its test instead of hanging the suite.
    static func run(
        _ arguments: [String], environment: [String: String] = [:], watchdog: Double = 120
    ) throws -> (status: Int32, stdout: String, stderr: String) {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        // The admin commands read PUSHFAKE_URL; tests pass --url explicitly unless they set it here.
        process.environment = ProcessInfo.processInfo.environment.filter { $0.key != "PUSHFAKE_URL" }
            .merging(environment) { _, added in added }
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let pid = process.processIdentifier
        let finished = Locked(false)
        DispatchQueue.global().asyncAfter(deadline: .now() + watchdog) {
            if !finished.withLock({ $0 }) { kill(pid, SIGKILL) }
        }
        defer { finished.withLock { $0 = true } }
        let out = output.fileHandleForReading.readDataToEndOfFile()
        let err = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: out, as: UTF8.self), String(decoding: err, as: UTF8.self))
    }

    /// Starts `pushfake serve` with `arguments` and waits for its ready line; `environment` adds variables.
    init(_ arguments: [String] = [], environment: [String: String] = [:]) throws {
        process.executableURL = Self.binary
        process.arguments = ["serve"] + arguments
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, added in added }
        }
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        var line: [UInt8] = []
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            line += chunk
        }
        let text = String(decoding: line.prefix { $0 != UInt8(ascii: "\n") }, as: UTF8.self)
        ready = (try? JSON.parse(text)) ?? .null
        readyLine = text
    }

    private(set) var readyLine = ""

    var url: String { ready["url"]?.stringValue ?? "" }
    var port: Int { Int(url.split(separator: ":").last ?? "") ?? 0 }

    /// Seconds from the signal to the exit in the last ``stop(signal:watchdog:)``.
    private(set) var stopDuration: Double = 0

    /// Sends `signal` and waits for exit; returns the exit status and everything written to stderr. A server still
    /// running after `watchdog` seconds is killed (status 9), so a hang fails the test instead of stalling CI.
    func stop(signal: Int32 = SIGTERM, watchdog: Double = 20) -> (status: Int32, stderr: String) {
        let started = Date()
        defer { stopDuration = Date().timeIntervalSince(started) }
        if process.isRunning { kill(process.processIdentifier, signal) }
        let deadline = Date().addingTimeInterval(watchdog)
        while process.isRunning, Date() < deadline { usleep(10_000) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        let log = errors.fileHandleForReading.readDataToEndOfFile()
        return (process.terminationStatus, String(decoding: log, as: UTF8.self))
    }

    deinit {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
    }

    /// One request through URLSession.
    func request(_ method: String, _ path: String, body: String? = nil) async throws -> (status: Int, body: String) {
        var request = URLRequest(url: URL(string: url + path)!)
        request.httpMethod = method
        request.httpBody = body.map { Data($0.utf8) }
        if body != nil { request.setValue("application/json", forHTTPHeaderField: "Content-Type") }
        let session = URLSession(configuration: .ephemeral)
        defer { session.finishTasksAndInvalidate() }
        let (data, response) = try await session.data(for: request)
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, String(decoding: data, as: UTF8.self))
    }
}

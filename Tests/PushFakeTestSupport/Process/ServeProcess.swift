import Foundation
import PushFakeCore

/// `pushfake serve`, the built binary, started as a child process the way a user, a CI step or a UI-test scheme's
/// pre-action starts it: on a port the kernel picks (unless `--port` says otherwise), its first stdout line saying
/// where it listens. Stopped by ``stop(signal:watchdog:)`` or on deinit.
package final class ServeProcess {
    package let process = Process()
    private let output = Pipe()
    private let errors = Pipe()
    private var logReaderClosed = false
    /// The first stdout line as printed (empty when the server printed none).
    package let readyLine: String
    /// The first stdout line, parsed; `.null` when it is not JSON.
    package let ready: JSON
    /// Seconds from the signal to the exit in the last ``stop(signal:watchdog:)``.
    package private(set) var stopDuration: Double = 0

    /// Starts `pushfake serve arguments…` and waits for its ready line; `environment` adds variables to the ones this
    /// process has. stderr (the request log) is kept for ``stop(signal:watchdog:)`` to return.
    package init(_ arguments: [String] = [], environment: [String: String] = [:]) throws {
        process.executableURL = PushFakeBinary.url
        process.arguments = ["serve"] + arguments
        if !environment.isEmpty { process.environment = PushFakeBinary.environment(adding: environment) }
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        readyLine = Self.firstLine(of: output.fileHandleForReading)
        ready = (try? JSON.parse(readyLine)) ?? .null
    }

    deinit {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
    }

    /// The server's root URL from its ready line, e.g. `http://127.0.0.1:40123`; empty when it printed none.
    package var url: String { ready["url"]?.stringValue ?? "" }
    /// ``url`` as a `URL`; `nil` when the server printed no ready line.
    package var baseURL: URL? { url.isEmpty ? nil : URL(string: url) }
    package var port: Int { Int(url.split(separator: ":").last ?? "") ?? 0 }

    /// Reads `handle` up to the end of its first line (or its end), and returns that line without the newline.
    package static func firstLine(of handle: FileHandle) -> String {
        var line: [UInt8] = []
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = handle.availableData
            if chunk.isEmpty { break }
            line += chunk
        }
        return String(decoding: line.prefix { $0 != UInt8(ascii: "\n") }, as: UTF8.self)
    }

    /// Closes this side of the stderr pipe, as a log reader that went away does: the server's next log line has
    /// nowhere to go. ``stop(signal:watchdog:)`` then returns no stderr.
    package func closeLogReader() throws {
        try errors.fileHandleForReading.close()
        logReaderClosed = true
    }

    /// Sends `signal` and waits for exit; returns the exit status and everything written to stderr. A server still
    /// running after `watchdog` seconds is killed (status 9), so a hang fails the test instead of stalling CI.
    @discardableResult
    package func stop(signal: Int32 = SIGTERM, watchdog: Double = 20) -> (status: Int32, stderr: String) {
        let started = Date()
        defer { stopDuration = Date().timeIntervalSince(started) }
        if process.isRunning { kill(process.processIdentifier, signal) }
        process.waitForExit(within: watchdog)
        guard !logReaderClosed else { return (process.terminationStatus, "") }
        let log = errors.fileHandleForReading.readDataToEndOfFile()
        return (process.terminationStatus, String(decoding: log, as: UTF8.self))
    }

    /// One request through URLSession; returns the status and the body as text.
    package func request(_ method: String, _ path: String, body: String? = nil) async throws -> (
        status: Int, body: String
    ) {
        let answer = try await HTTPRequest(method, try URL(validating: url + path), body: body).send()
        return (answer.status, answer.text)
    }
}

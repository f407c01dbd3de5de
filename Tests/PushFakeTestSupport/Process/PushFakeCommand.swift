import Foundation

/// One `pushfake` command run to completion, as a user runs it from a shell.
package enum PushFakeCommand {
    /// What a finished command left: its exit status and everything it wrote.
    package typealias Result = (status: Int32, stdout: String, stderr: String)

    /// Runs `pushfake arguments…` and returns its exit status and output. A run still going after `watchdog` seconds
    /// is killed (status 9), so a command that never ends fails its test instead of hanging the suite.
    ///
    /// `PUSHFAKE_URL` is removed from the inherited environment (tests pass `--url`, or set it in `environment`).
    package static func run(
        _ arguments: [String], environment: [String: String] = [:], watchdog: Double = 120
    ) throws -> Result {
        let process = Process()
        process.executableURL = PushFakeBinary.url
        process.arguments = arguments
        process.environment = PushFakeBinary.environment(removing: ["PUSHFAKE_URL"], adding: environment)
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let finished = process.killAfter(watchdog)
        defer { finished() }
        let out = output.fileHandleForReading.readDataToEndOfFile()
        let err = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: out, as: UTF8.self), String(decoding: err, as: UTF8.self))
    }
}

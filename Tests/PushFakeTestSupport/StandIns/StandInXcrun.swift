import Foundation

/// A stand-in `xcrun` for Linux (and for macOS machines without simulators), in a directory of its own: by default
/// a shell script that appends its arguments to `calls.log` and the pushed file's contents to `files.log`, then exits
/// with `exitStatus`, writing `stderr` to standard error first.
///
/// In-process fakes take its ``path``; a `pushfake serve` child finds it by name through ``environment``.
package struct StandInXcrun {
    package let directory: URL
    package var path: String { directory.appendingPathComponent("xcrun").path }
    /// The arguments of each call, one line each.
    package var calls: [String] { lines("calls.log") }
    /// The contents of each pushed file.
    package var files: [String] { lines("files.log") }
    /// `PATH` with this stand-in's directory first, for a child process that runs `xcrun` by name.
    package var environment: [String: String] {
        ["PATH": directory.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")]
    }

    /// The logging stand-in.
    package init(exitStatus: Int32 = 0, stderr: String = "") throws {
        try self.init(
            script: """
                here=$(dirname "$0")
                printf '%s\\n' "$*" >> "$here/calls.log"
                { cat "$5"; echo; } >> "$here/files.log"
                [ -z '\(stderr)' ] || echo '\(stderr)' >&2
                exit \(exitStatus)
                """)
    }

    /// A stand-in that runs `script` with `/bin/sh`.
    package init(script: String) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "pushfake-xcrun-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try Data(("#!/bin/sh\n" + script + "\n").utf8).write(to: directory.appendingPathComponent("xcrun"))
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
    }

    package func remove() {
        try? FileManager.default.removeItem(at: directory)
    }

    private func lines(_ name: String) -> [String] {
        guard let data = FileManager.default.contents(atPath: directory.appendingPathComponent(name).path) else {
            return []
        }
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
    }
}

import Foundation

/// A stand-in `xcrun` for Linux (and for macOS machines without simulators): a shell script that appends its
/// arguments to `calls.log` and the pushed file's contents to `files.log`, then exits with `exitStatus`, writing
/// `stderr` to standard error first.
struct StandInXcrun {
    let directory: URL
    var path: String { directory.appendingPathComponent("xcrun").path }
    var calls: [String] { lines("calls.log") }
    var files: [String] { lines("files.log") }

    init(exitStatus: Int32 = 0, stderr: String = "") throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "pushfake-xcrun-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let script = """
            #!/bin/sh
            here=$(dirname "$0")
            printf '%s\\n' "$*" >> "$here/calls.log"
            { cat "$5"; echo; } >> "$here/files.log"
            [ -z '\(stderr)' ] || echo '\(stderr)' >&2
            exit \(exitStatus)

            """
        try Data(script.utf8).write(to: directory.appendingPathComponent("xcrun"))
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
    }

    func remove() {
        try? FileManager.default.removeItem(at: directory)
    }

    private func lines(_ name: String) -> [String] {
        guard let data = FileManager.default.contents(atPath: directory.appendingPathComponent(name).path) else {
            return []
        }
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
    }
}

import Foundation
import PushFakeCore

extension RunningPushFake {
    /// Compares the journal with a recorded JSON Lines file and reports a readable diff on mismatch: the entries only
    /// one side has, named by operation, app and device, and the differing fields with both values — at most `limit`
    /// differences, with a count of the rest (``RecordingDifference``).
    ///
    /// Relative paths are resolved against the package root (the nearest directory above the calling file that
    /// holds `Package.swift`). With `PUSHFAKE_RECORD=1` in the environment the file is written instead.
    ///
    /// ```swift
    /// try fake.assertMatchesRecording("fixtures/recordings/register-and-send.jsonl", ignoring: ["time"])
    /// ```
    /// - Throws: when the file cannot be read or written.
    public func assertMatchesRecording(
        _ path: String, ignoring: Set<String> = [], options: RecordingOptions = .standard,
        limit: Int = RecordingDifference.defaultLimit, fileID: String = #fileID, filePath: StaticString = #filePath,
        line: UInt = #line, column: UInt = #column
    ) throws {
        var options = options
        options.ignoredFields.formUnion(ignoring)
        let url = Self.resolve(path, from: "\(filePath)")
        let current = recordingLines(options: options)
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        if ["1", "true", "yes"].contains(ProcessInfo.processInfo.environment["PUSHFAKE_RECORD"]?.lowercased() ?? "") {
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            let text = current.map { $0.serializedString() + "\n" }.joined()
            try Data(text.utf8).write(to: url)
            return
        }
        guard FileManager.default.fileExists(atPath: url.path) else {
            FailureReporter.fail(
                "no recording at \(url.path); run the test with PUSHFAKE_RECORD=1 to write it", at: site)
            return
        }
        let recorded = try String(contentsOf: url, encoding: .utf8)
        if let difference = RecordingComparison.difference(
            recording: recorded, entries: backend.journal().entries, options: options, limit: limit)
        {
            FailureReporter.fail(
                "traffic differs from the recording \(path) (PUSHFAKE_RECORD=1 rewrites it):\n\(difference)", at: site)
        }
    }

    /// The journal as canonical JSON lines: what recordings store and compare.
    public func recordingLines(options: RecordingOptions = .standard) -> [JSON] {
        RecordingComparison.canonicalLines(backend.journal().entries, options: options)
    }

    static func resolve(_ path: String, from filePath: String) -> URL {
        if path.hasPrefix("/") { return URL(fileURLWithPath: path) }
        var directory = URL(fileURLWithPath: filePath).deletingLastPathComponent()
        while directory.path != "/" {
            if FileManager.default.fileExists(atPath: directory.appendingPathComponent("Package.swift").path) {
                return directory.appendingPathComponent(path)
            }
            directory.deleteLastPathComponent()
        }
        return URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent(path)
    }
}

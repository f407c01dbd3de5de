import Foundation
import PushFakeCore

/// `pushfake serve`, the built binary, as a UI-test scheme's pre-action starts it: a child process on a port the
/// kernel picks, whose first stdout line says where it listens. Terminated by ``stop()`` or on deinit.
final class ServeProcess {
    private let process = Process()
    private let output = Pipe()
    /// The server's root URL from its ready line, e.g. `http://127.0.0.1:40123`.
    let url: URL?

    /// The binary next to the test bundle (`.build/debug/pushfake`), built with the tests.
    static var binary: URL {
        #if os(macOS)
            for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
                return bundle.bundleURL.deletingLastPathComponent().appendingPathComponent("pushfake")
            }
        #endif
        return Bundle.main.bundleURL.appendingPathComponent("pushfake")
    }

    init(_ arguments: [String]) throws {
        process.executableURL = Self.binary
        process.arguments = ["serve", "--quiet"] + arguments
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        var line: [UInt8] = []
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            line += chunk
        }
        let ready = try? JSON.parse(Array(line.prefix { $0 != UInt8(ascii: "\n") }))
        url = ready?["url"]?.stringValue.flatMap(URL.init(string:))
    }

    func stop() {
        guard process.isRunning else { return }
        process.terminate()
        process.waitUntilExit()
    }

    deinit { stop() }
}

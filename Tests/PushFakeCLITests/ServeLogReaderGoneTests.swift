import Foundation
import PushFakeCore
import PushFakeHTTP
import XCTest

/// `pushfake serve` whose stderr reader went away (a closed pipe) keeps serving and still exits 0 on SIGTERM: a log
/// line that cannot be written is dropped, not a crash that takes the request with it.
final class ServeLogReaderGoneTests: XCTestCase {
    func test_serve_keepsServing_whenItsLogPipeIsClosed() throws {
        let process = Process()
        process.executableURL = ServerProcess.binary
        process.arguments = ["serve"]
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        defer { if process.isRunning { process.terminate() } }
        var line: [UInt8] = []
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            line += chunk
        }
        let ready = try JSON.parse(Array(line.prefix { $0 != UInt8(ascii: "\n") }))
        let port = Int(ready["url"]?.stringValue?.split(separator: ":").last ?? "") ?? 0
        try errors.fileHandleForReading.close()

        for _ in 0..<3 {
            let client = try LoopbackHTTPClient(port: port)
            XCTAssertEqual(client.request("GET", "/__pushfake/health")?.status, 200, "a log line per request")
        }
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationReason, .exit)
        XCTAssertEqual(process.terminationStatus, 0)
    }
}

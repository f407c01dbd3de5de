import Foundation
import PushFakeCore
import PushFakeHTTP
import PushFakeTestSupport
import XCTest

/// `pushfake serve` whose stderr reader went away (a closed pipe) keeps serving and still exits 0 on SIGTERM: a log
/// line that cannot be written is dropped, not a crash that takes the request with it.
final class ServeLogReaderGoneTests: XCTestCase {
    func test_serve_keepsServing_whenItsLogPipeIsClosed() throws {
        let server = try ServeProcess()
        try server.closeLogReader()

        for _ in 0..<3 {
            let client = try LoopbackHTTPClient(port: server.port)
            XCTAssertEqual(client.request("GET", "/__pushfake/health")?.status, 200, "a log line per request")
        }
        XCTAssertEqual(server.stop(signal: SIGTERM).status, 0)
        XCTAssertEqual(server.process.terminationReason, .exit)
    }
}

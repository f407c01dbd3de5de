import Foundation
import PushFakeCore
import PushFakeHTTP
import PushFakeTestSupport
import XCTest

/// `pushfake serve --event-loops N` sets the number of epoll loops that serve (its range and help:
/// RangedOptionCommandTests).
final class EventLoopsCommandTests: XCTestCase {
    #if os(Linux)
        /// The loops are threads named `pf-loop-<i>` (/proc/<pid>/task/*/comm); the flag
        /// wins over `PUSHFAKE_LOOPS`, and every loop serves: more connections than loops all get answers.
        func test_eventLoops_setsTheNumberOfLoops_whenGiven() throws {
            for count in [1, 3] {
                let server = try ServeProcess(
                    ["--quiet", "--event-loops", "\(count)"],
                    environment: ["PUSHFAKE_LOOPS": "2", "PUSHFAKE_IO_MODEL": "epoll"])
                let clients = try (0..<(count * 2)).map { _ in try LoopbackHTTPClient(port: server.port) }
                for client in clients { XCTAssertEqual(client.request("GET", "/__pushfake/health")?.status, 200) }
                XCTAssertEqual(try loopThreads(of: server.process.processIdentifier), count)
                XCTAssertEqual(server.stop().status, 0)
            }
        }

        private func loopThreads(of pid: Int32) throws -> Int {
            let tasks = try FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")
            return tasks.filter { task in
                let name = (try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/comm", encoding: .utf8)) ?? ""
                return name.hasPrefix("pf-loop-")
            }.count
        }
    #endif
}

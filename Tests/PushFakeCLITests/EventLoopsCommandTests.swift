import Foundation
import PushFakeCore
import PushFakeHTTP
import XCTest

/// `pushfake serve --event-loops N`: strictly parsed, listed in the help, and the number of epoll loops that serve.
final class EventLoopsCommandTests: XCTestCase {
    func test_eventLoops_isListedInTheHelp() throws {
        let help = try ServerProcess.run(["serve", "--help"])
        XCTAssertTrue(help.stdout.contains("--event-loops"), help.stdout)
    }

    func test_eventLoops_outOfRangeOrNotANumber_isAUsageError() throws {
        for value in ["0", "-1", "65", "four", "2.5", "1e1", ""] {
            let result = try ServerProcess.run(["serve", "--event-loops", value])
            XCTAssertEqual(result.status, 64, "\(value): \(result.stderr)")
            XCTAssertTrue(
                result.stderr.contains("--event-loops must be a number in 1...64"), "\(value): \(result.stderr)")
        }
    }

    #if os(Linux)
        /// The loops are threads named `pf-loop-<i>` (/proc/<pid>/task/*/comm); the flag
        /// wins over `PUSHFAKE_LOOPS`, and every loop serves: more connections than loops all get answers.
        func test_eventLoops_setsTheNumberOfLoops_whenGiven() throws {
            for count in [1, 3] {
                let server = try ServerProcess(
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

import Foundation
import PushFakeCore
import PushFakeHTTP
import PushFakeTestSupport
import XCTest

/// `pushfake serve` on SIGTERM shuts down like a trusted server (issue 16, item 7): the answers in flight finish within
/// `--shutdown-grace`, then it exits 0. Before, six exports of a 20,000-entry journal got nothing and the process
/// exited in 0.11 s. 5,000 entries keep the test quick: each export is still a few megabytes, more than the socket
/// buffers hold, and the debug binary takes seconds to build it, so all six are in flight when the signal comes.
final class ShutdownGraceTests: XCTestCase {
    /// Reads one response on its own thread while the server shuts down.
    private final class Reader: @unchecked Sendable {
        private let client: LoopbackHTTPClient
        private(set) var response: LoopbackHTTPClient.Response?
        private let done = DispatchSemaphore(value: 0)

        init(_ client: LoopbackHTTPClient) {
            self.client = client
            Thread { [self] in
                response = self.client.readResponse()
                done.signal()
            }.start()
        }

        func wait() -> Bool { done.wait(timeout: .now() + 120) == .success }
    }

    private static let entries = 5_000

    func test_sigterm_letsSixExportsOfA5000EntryJournalFinish_thenExitsZero() throws {
        // Far more than six exports take even on a loaded machine: the process exits when they are done.
        let grace = 300.0
        let server = try ServeProcess(["--quiet", "--journal-limit", "100000", "--shutdown-grace", "\(Int(grace))"])
        let filler = try LoopbackHTTPClient(port: server.port, receiveTimeout: 60)
        let body = #"{"deviceId":"D1","deviceRegistrationId":"abcd","applicationKey":"app","applicationType":"IOS"}"#
        let register =
            "POST /TPNS/api/device/register HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
            + "Content-Length: \(body.utf8.count)\r\n\r\n\(body)"
        for batch in 0..<Self.entries / 1_000 {
            filler.send(String(repeating: register, count: 1_000))
            for index in 0..<1_000 {
                guard filler.readResponse()?.status == 200 else {
                    return XCTFail("register \(batch * 1_000 + index) not answered")
                }
            }
        }
        var readers: [Reader] = []
        for _ in 0..<6 {
            let client = try LoopbackHTTPClient(port: server.port, receiveTimeout: 120)
            // Health first: once its answer is in, the export behind it has been received and started.
            client.send(
                "GET /__pushfake/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
                    + "GET /__pushfake/journal?format=jsonl HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            XCTAssertEqual(client.readResponse()?.status, 200)
            readers.append(Reader(client))
        }

        let (status, log) = server.stop(signal: SIGTERM, watchdog: grace + 30)

        XCTAssertEqual(status, 0, log)
        XCTAssertLessThan(server.stopDuration, grace + 30)
        XCTAssertTrue(log.contains("stopped on SIGTERM after \(Self.entries) request(s)"), log)
        for (index, reader) in readers.enumerated() {
            XCTAssertTrue(reader.wait(), "export \(index) never ended")
            let response = try XCTUnwrap(reader.response, "export \(index) got no answer")
            XCTAssertEqual(response.status, 200)
            XCTAssertEqual(response.headers["Connection"], "close")
            XCTAssertEqual(response.text.split(separator: "\n").count, Self.entries, "export \(index) is whole")
        }
    }

    func test_shutdownGrace_isRangeChecked_andZeroIsAllowed() throws {
        for bad in ["-1", "3601", "nan", "soon"] {
            let (status, _, stderr) = try PushFakeCommand.run(["serve", "--shutdown-grace", bad])
            XCTAssertEqual(status, 64, bad)
            XCTAssertTrue(stderr.contains("--shutdown-grace must be a number in 0.0...3600.0, not \(bad)"), stderr)
        }
        let server = try ServeProcess(["--quiet", "--shutdown-grace", "0"])
        XCTAssertGreaterThan(server.port, 0)
        XCTAssertEqual(server.stop().status, 0)
    }
}

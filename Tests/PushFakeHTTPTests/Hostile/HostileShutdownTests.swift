import Foundation
import PushFakeCore
import PushFakeHTTP
import PushFakeTestSupport
import XCTest

/// `stop()` shuts down like a trusted server (issue 16, item 7): it stops accepting, the answers in flight — here six
/// journal exports, built off the loops — finish within the shutdown grace, idle and half-sent connections do not
/// hold it up, and it returns once they are done, not when the grace is over. (ShutdownGraceTests runs the same six
/// exports against `pushfake serve`.)
final class HostileShutdownTests: HostileTestCase {
    private static let entries = 5_000

    /// Reads one connection to its end on its own thread: the exports are far bigger than the socket buffers, so
    /// they finish only while their clients read.
    private final class Reader: @unchecked Sendable {
        let connection: RawConnection
        private(set) var bytes: [UInt8] = []
        private(set) var closed = false
        private let done = DispatchSemaphore(value: 0)

        init(_ connection: RawConnection) {
            self.connection = connection
            Thread { [self] in
                let (received, ending) = self.connection.readToEnd()
                (bytes, closed) = (received, ending == .closed)
                done.signal()
            }.start()
        }

        func wait() -> Bool { done.wait(timeout: .now() + 120) == .success }
    }

    func test_stop_letsSixJournalExportsFinish_thenReturns_underBothIOModels() throws {
        for model in ServerConfiguration.IOModel.allCases {
            try restart {
                $0.ioModel = model
                $0.requestTimeout = 30
                $0.shutdownGrace = 100
            }
            fake.fillJournal(Self.entries)
            var readers: [Reader] = []
            for _ in 0..<6 {
                let client = try RawConnection(port: port, receiveTimeout: 60)
                // Health first: once its answer is in, the export behind it has been received and started.
                client.send(
                    "GET /__pushfake/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
                        + "GET /__pushfake/journal?format=jsonl HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
                XCTAssertEqual(client.readAnswer()?.status, 200, "\(model)")
                readers.append(Reader(client))
            }
            // Neither an idle keep-alive connection nor a request still arriving holds the stop up.
            let idle = try LoopbackHTTPClient(port: port)
            XCTAssertEqual(idle.request("GET", "/__pushfake/health")?.status, 200)
            let partial = try RawConnection(port: port)
            partial.send("POST /TPNS/api/device/register HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 10\r\n\r\n{")
            let started = Date()

            Self.stopWithWatchdog(server, seconds: 110)

            // Returned when the exports were done, well before the 100 s grace.
            XCTAssertLessThan(Date().timeIntervalSince(started), 90, "\(model)")
            XCTAssertThrowsError(try RawConnection(port: port), "\(model): still accepting after stop()")
            for (index, reader) in readers.enumerated() {
                XCTAssertTrue(reader.wait(), "\(model): export \(index) never ended")
                let head = String(decoding: reader.bytes.prefix(300), as: UTF8.self)
                XCTAssertTrue(head.hasPrefix("HTTP/1.1 200 OK\r\n"), "\(model): \(head)")
                XCTAssertTrue(head.contains("\r\nConnection: close\r\n"), "\(model): \(head)")
                // One whole line per entry after the head.
                let headEnd = head.range(of: "\r\n\r\n").map { head[..<$0.upperBound].utf8.count } ?? 0
                let lines = reader.bytes[headEnd...].split(separator: UInt8(ascii: "\n"))
                XCTAssertEqual(lines.count, Self.entries, "\(model): export \(index) is whole")
                XCTAssertNotNil(try? JSON.parse(Array(lines.last ?? [])), "\(model): its last line is whole")
                XCTAssertTrue(reader.closed, "\(model)")
            }
            XCTAssertEqual(partial.readToEnd().ending, .closed, "\(model): the half-sent request's connection closed")
        }
    }

    func test_stop_cutsWhatIsLeft_whenTheGraceIsZero() throws {
        try restart {
            $0.requestTimeout = 30
            $0.shutdownGrace = 0
        }
        fake.fillJournal(Self.entries)
        let client = try RawConnection(port: port, receiveTimeout: 60)
        client.send(
            "GET /__pushfake/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
                + "GET /__pushfake/journal?format=jsonl HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        XCTAssertEqual(client.readAnswer()?.status, 200)

        Self.stopWithWatchdog(server, seconds: 30)

        // Whatever arrived, the connection was closed rather than left to finish.
        XCTAssertEqual(client.readToEnd().ending, .closed)
    }
}

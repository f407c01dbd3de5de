import Foundation
import PushFakeCore
import PushFakeHTTP
import XCTest

/// A client that half-closes (`shutdown(SHUT_WR)`) right after its request gets the whole answer, for every kind of
/// reply — a response, one another thread completes (a journal export built off the loops, a held wait), a stream —
/// under both I/O models (issue 16, item 7). Before, the export got 0 bytes and the wait was dropped at once.
final class HostileHalfCloseTests: HostileTestCase {
    /// Runs `body` against a server of each I/O model: epoll loops, and the thread per connection macOS runs.
    private func forEachIOModel(_ body: (ServerConfiguration.IOModel) throws -> Void) throws {
        for model in ServerConfiguration.IOModel.allCases {
            try restart {
                $0.ioModel = model
                $0.requestTimeout = 30
                // Far beyond readUntilClosed's bound: a connection left open after its answer fails the test.
                $0.idleTimeout = 600
            }
            try body(model)
        }
    }

    /// Reads until the server closes, failing after `seconds` (heartbeats or keep-alive would otherwise hide a hang).
    private func readUntilClosed(_ client: RawConnection, within seconds: Double = 60) -> (text: String, closed: Bool) {
        let deadline = Date().addingTimeInterval(seconds)
        var bytes: [UInt8] = []
        while Date() < deadline {
            switch client.read() {
            case .bytes(let more): bytes += more
            case .closed: return (String(decoding: bytes, as: UTF8.self), true)
            case .silent: break
            }
        }
        return (String(decoding: bytes, as: UTF8.self), false)
    }

    func test_response_isWhole_whenTheClientHalfClosesAfterItsRequest() throws {
        try forEachIOModel { model in
            let client = try RawConnection(port: port, receiveTimeout: 1)
            client.send(Self.registerRequest())
            client.shutdownWrite()

            let (text, closed) = readUntilClosed(client)

            XCTAssertTrue(text.hasPrefix("HTTP/1.1 200 OK\r\n"), "\(model): \(text)")
            XCTAssertTrue(text.contains(#"{"success":true"#), "\(model): \(text)")
            XCTAssertTrue(closed, "\(model)")
        }
    }

    func test_journalExportBuiltOffTheLoops_isWhole_whenTheClientHalfCloses() throws {
        try forEachIOModel { model in
            // At least AdminAPI.exportOffLoopThreshold entries: the export is a deferred answer.
            fake.fillJournal(1_100)
            let client = try RawConnection(port: port, receiveTimeout: 1)
            client.send("GET /__pushfake/journal?format=jsonl HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            client.shutdownWrite()

            let (text, closed) = readUntilClosed(client)

            XCTAssertTrue(text.hasPrefix("HTTP/1.1 200 OK\r\n"), "\(model): \(text.prefix(200))")
            let body = text.components(separatedBy: "\r\n\r\n").dropFirst().joined(separator: "\r\n\r\n")
            XCTAssertEqual(body.split(separator: "\n").count, 1_100, "\(model): every entry, one line each")
            XCTAssertTrue(closed, "\(model)")
        }
    }

    func test_heldWait_isAnsweredWhenItsRequestComes_whenTheClientHalfClosedWhileWaiting() throws {
        try forEachIOModel { model in
            let wait = #"{"match":{"operation":"register"},"timeout":600}"#
            let client = try RawConnection(port: port, receiveTimeout: 1)
            client.send(
                "POST /__pushfake/wait HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                    + "Content-Length: \(wait.utf8.count)\r\n\r\n\(wait)")
            client.shutdownWrite()
            XCTAssertTrue(eventually { self.server.heldReplies.count == 1 }, "\(model): the wait is not held")

            let sender = try LoopbackHTTPClient(port: port)
            sender.send(Self.registerRequest())
            XCTAssertEqual(sender.readResponse()?.status, 200)
            let (text, closed) = readUntilClosed(client)

            XCTAssertTrue(text.hasPrefix("HTTP/1.1 200 OK\r\n"), "\(model): \(text)")
            XCTAssertTrue(text.contains(#"{"ok":true,"matched":[1]"#), "\(model): \(text)")
            XCTAssertTrue(closed, "\(model)")
        }
    }

    func test_eventStream_carriesNewEntriesToItsEnd_whenTheClientHalfClosed() throws {
        try forEachIOModel { model in
            let admin = try LoopbackHTTPClient(port: port)
            let id = try XCTUnwrap(admin.request("POST", "/__pushfake/instances")?.json?["id"]?.stringValue)
            let client = try RawConnection(port: port, receiveTimeout: 1)
            client.send("GET /i/\(id)/__pushfake/events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            client.shutdownWrite()
            var text = ""
            while !text.contains("retry: 2000"), case .bytes(let more) = client.read() {
                text += String(decoding: more, as: UTF8.self)
            }
            XCTAssertTrue(text.hasPrefix("HTTP/1.1 200 OK\r\n"), "\(model): \(text)")

            admin.send(rawRegister(device: "half", prefix: "/i/\(id)"))
            XCTAssertEqual(admin.readResponse()?.status, 200)
            while !text.contains(#""deviceId":"half""#), case .bytes(let more) = client.read() {
                text += String(decoding: more, as: UTF8.self)
            }
            XCTAssertTrue(text.contains(#""deviceId":"half""#), "\(model): the entry did not arrive: \(text)")
            XCTAssertEqual(admin.request("DELETE", "/__pushfake/instances/\(id)")?.status, 200)
            let (rest, closed) = readUntilClosed(client)

            XCTAssertTrue(rest.contains("event: end\n"), "\(model): \(rest)")
            XCTAssertTrue(rest.hasSuffix("\r\n0\r\n\r\n"), "\(model): the stream ended with its last chunk: \(rest)")
            XCTAssertTrue(closed, "\(model)")
        }
    }
}

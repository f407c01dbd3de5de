import Foundation
import PushFakeCore
import PushFakeHTTP
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `GET /__pushfake/events`: entries and deliveries as server-sent events, replay from a sequence number, many
/// subscribers, heartbeats, and a stalled subscriber dropped with a final event without slowing vendor traffic.
final class EventsTests: ServerTestCase {
    private let send =
        #"[{"message":"Hi","handlingLevel":1,"applicationKey":"testApp","applicationTypes":["IOS"]}]"#

    /// Opens an events stream and checks its head.
    private func subscribe(_ query: String = "", headers: String = "") throws -> LoopbackHTTPClient {
        let client = try LoopbackHTTPClient(port: port, receiveTimeout: 10)
        client.send("GET /__pushfake/events\(query) HTTP/1.1\r\nHost: 127.0.0.1\r\n\(headers)\r\n")
        let head = try XCTUnwrap(client.readHead())
        XCTAssertEqual(head.status, 200)
        XCTAssertEqual(head.headers["Content-Type"], "text/event-stream; charset=utf-8")
        return client
    }

    /// Reads chunks until `count` events (blank-line separated, heartbeats included) have arrived.
    private func events(_ client: LoopbackHTTPClient, count: Int) -> [String] {
        var text = ""
        while text.components(separatedBy: "\n\n").count - 1 < count, let chunk = client.readChunk(), !chunk.isEmpty {
            text += String(decoding: chunk, as: UTF8.self)
        }
        return text.components(separatedBy: "\n\n").filter { !$0.isEmpty }
    }

    func test_liveEntriesAndDeliveries_reachEverySubscriber() throws {
        let first = try subscribe()
        let second = try subscribe()
        XCTAssertEqual(events(first, count: 1), ["retry: 2000"])
        XCTAssertEqual(events(second, count: 1), ["retry: 2000"])
        let sender = try LoopbackHTTPClient(port: port)
        XCTAssertEqual(sender.request("POST", "/TPNS/api/device/register", body: Self.registerBody)?.status, 200)
        XCTAssertEqual(sender.request("POST", "/TPNS/api/pushnotifications", body: send)?.status, 200)
        for client in [first, second] {
            let received = events(client, count: 3)
            XCTAssertEqual(received.count, 3)
            XCTAssertTrue(received[0].hasPrefix("id: 1\nevent: entry\ndata: {\"v\":1,\"seq\":1,"), received[0])
            XCTAssertTrue(received[1].hasPrefix("id: 2\nevent: entry\n"), received[1])
            XCTAssertTrue(received[2].hasPrefix("event: delivery\ndata: {\"id\":\"3000000000000001\""), received[2])
        }
    }

    func test_since_replaysEarlierEntriesWithTheirDeliveries_thenLiveOnes() throws {
        let sender = try LoopbackHTTPClient(port: port)
        _ = sender.request("POST", "/TPNS/api/device/register", body: Self.registerBody)
        _ = sender.request("POST", "/TPNS/api/pushnotifications", body: send)
        let replaying = try subscribe("?since=1")
        let replayed = events(replaying, count: 3)
        XCTAssertEqual(replayed.first, "retry: 2000")
        XCTAssertTrue(replayed[1].hasPrefix("id: 2\nevent: entry"), replayed[1])
        XCTAssertTrue(replayed[2].hasPrefix("event: delivery"), replayed[2])
        _ = sender.request("PUT", "/TPNS/api/application/testApp/device/D1/unregister")
        XCTAssertTrue(events(replaying, count: 1)[0].hasPrefix("id: 3\nevent: entry"))
        let reconnecting = try subscribe(headers: "Last-Event-ID: 2\r\n")
        let resumed = events(reconnecting, count: 2)
        XCTAssertTrue(resumed[1].hasPrefix("id: 3\n"), "EventSource's Last-Event-ID resumes after 2: \(resumed)")
    }

    func test_heartbeats_keepAQuietStreamAlive() throws {
        server.stop()
        try startServer { $0.eventsHeartbeat = 0.1 }
        let client = try subscribe()
        XCTAssertEqual(events(client, count: 3), ["retry: 2000", ": heartbeat", ": heartbeat"])
    }

    func test_stalledSubscriber_isDroppedWithAFinalEvent_andVendorTrafficGoesOn() throws {
        server.stop()
        try startServer { $0.eventsBufferBytes = 64 * 1024 }
        let stalled = try subscribe()
        let sender = try LoopbackHTTPClient(port: port)
        // The stalled client never reads: its socket buffers fill (a few MB on loopback: each entry here is ~16 KB),
        // then the hub's 64 KiB, then it is dropped.
        let token = String(repeating: "ab", count: 4_000)
        let started = Date()
        for index in 0..<1_500 {
            let body = Self.registerBody.replacingOccurrences(of: "\"D1\"", with: "\"D\(index)\"")
                .replacingOccurrences(of: "\"abcd\"", with: "\"\(token)\"")
            XCTAssertEqual(sender.request("POST", "/TPNS/api/device/register", body: body)?.status, 200)
        }
        XCTAssertLessThan(Date().timeIntervalSince(started), 60, "vendor traffic was not held up")
        XCTAssertEqual(fake.journal.count, 1_500)
        var text = ""
        while let chunk = stalled.readChunk(), !chunk.isEmpty { text += String(decoding: chunk, as: UTF8.self) }
        XCTAssertTrue(
            text.contains("event: dropped\ndata: {\"reason\":\"the subscriber fell more than 65536 bytes behind\""),
            String(text.suffix(300)))
        XCTAssertLessThan(text.components(separatedBy: "event: entry").count - 1, 1_500)
    }

    func test_deletingAnInstance_endsItsStreams() throws {
        let client = try LoopbackHTTPClient(port: port)
        let created = try XCTUnwrap(client.request("POST", "/__pushfake/instances")?.json)
        let id = try XCTUnwrap(created["id"]?.stringValue)
        let listener = try LoopbackHTTPClient(port: port, receiveTimeout: 10)
        listener.send("GET /i/\(id)/__pushfake/events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        XCTAssertEqual(listener.readHead()?.status, 200)
        XCTAssertEqual(events(listener, count: 1), ["retry: 2000"])
        XCTAssertEqual(client.request("DELETE", "/__pushfake/instances/\(id)")?.status, 200)
        XCTAssertEqual(listener.readChunk(), [], "the stream ended")
    }
}

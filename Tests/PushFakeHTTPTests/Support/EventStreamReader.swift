import Foundation
import PushFakeCore
import PushFakeHTTP
import XCTest

/// A subscriber of `GET /__pushfake/events` for tests: opens the stream, checks its head, and reads whole events
/// (id, name, data) as they come, waiting for conditions rather than for time.
final class EventStreamReader {
    struct Event: Equatable, CustomStringConvertible {
        var id: String?
        var name: String
        var data: String

        var json: JSON? { try? JSON.parse(Array(data.utf8)) }
        /// The journal sequence number of an `entry` event.
        var sequence: Int? { name == "entry" ? json?["seq"]?.intValue : nil }
        var description: String { "\(id.map { "[\($0)] " } ?? "")\(name) \(data.prefix(120))" }
    }

    let client: LoopbackHTTPClient
    private var text = ""
    /// Every event read so far, the opening (`retry`/`id` only) as an event named `open`.
    private(set) var events: [Event] = []
    /// Whether the server ended the body (the terminating chunk arrived).
    private(set) var ended = false

    /// Opens `path` (`/__pushfake/events?since=…`) with extra header lines, and checks the head is a 200 stream.
    init(port: Int, path: String = "/__pushfake/events", headers: [String: String] = [:], timeout: Double = 30) throws {
        client = try LoopbackHTTPClient(port: port, receiveTimeout: timeout)
        var request = "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        for (name, value) in headers { request += "\(name): \(value)\r\n" }
        client.send(request + "\r\n")
        let head = try XCTUnwrap(client.readHead(), "no head for \(path)")
        XCTAssertEqual(head.status, 200, path)
        XCTAssertEqual(head.headers["Content-Type"], "text/event-stream; charset=utf-8")
    }

    /// Reads until `condition` holds for the events read so far; `false` when the stream ended, went silent for the
    /// receive timeout, or `seconds` passed first (heartbeats would otherwise keep a wrong test reading forever).
    @discardableResult
    func read(within seconds: Double = 60, until condition: ([Event]) -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while !condition(events) {
            guard !ended, Date() < deadline, let chunk = client.readChunk() else { return false }
            if chunk.isEmpty {
                ended = true
                return condition(events)
            }
            text += String(decoding: chunk, as: UTF8.self)
            while let end = text.range(of: "\n\n") {
                let block = String(text[..<end.lowerBound])
                text = String(text[end.upperBound...])
                events.append(Self.parse(block))
            }
        }
        return true
    }

    /// Reads until an event named `name` (after the ones already read) satisfies `predicate`, and returns it.
    func next(_ name: String, where predicate: (Event) -> Bool = { _ in true }) -> Event? {
        let start = events.count
        guard read(until: { $0[start...].contains { $0.name == name && predicate($0) } }) else { return nil }
        return events[start...].first { $0.name == name && predicate($0) }
    }

    /// Reads to the end of the stream (the server finishes it).
    func readToEnd(within seconds: Double = 60) -> Bool {
        read(within: seconds, until: { _ in false })
        return ended
    }

    /// The sequence numbers of the `entry` events read so far.
    var sequences: [Int] { events.compactMap(\.sequence) }

    /// The id of the last event that carried one: what an EventSource would send as `Last-Event-ID`.
    var lastEventID: String? { events.last { $0.id != nil }?.id }

    private static func parse(_ block: String) -> Event {
        var event = Event(id: nil, name: "message", data: "")
        var data: [String] = []
        var sawField = false
        for line in block.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("id: ") {
                event.id = String(line.dropFirst(4))
            } else if line.hasPrefix("event: ") {
                event.name = String(line.dropFirst(7))
                sawField = true
            } else if line.hasPrefix("data: ") {
                data.append(String(line.dropFirst(6)))
                sawField = true
            } else if line.hasPrefix(":") {
                event.name = "comment"
                sawField = true
            }
        }
        if !sawField { event.name = "open" }
        event.data = data.joined(separator: "\n")
        return event
    }
}

/// Splits a `text/event-stream` body into events (the WHATWG rules the CLI needs: `event:`, `data:` lines, comments
/// `id:` kept as the event's and the stream's last id, `retry:` ignored, an empty line ends an event), fed a piece at
/// a time.
///
/// Each byte is scanned once, however slowly it arrives, and an event — or a line that never ends — may hold at most
/// ``maximumEventBytes``: a server that sends an endless line costs that much memory and linear time, then an error.
package struct ServerSentEvents {
    package struct Event: Equatable, Sendable {
        package var name: String
        package var data: String
        /// The event's own `id:` field, if it had one.
        package var id: String?

        package init(name: String, data: String, id: String? = nil) {
            (self.name, self.data, self.id) = (name, data, id)
        }
    }

    /// Why the stream cannot be read on.
    package enum Failure: Error, Equatable, CustomStringConvertible {
        /// An event (its lines so far, or one unfinished line) passed the limit.
        case eventTooLarge(limit: Int)

        package var description: String {
            switch self {
            case .eventTooLarge(let limit):
                return "an event of the stream passed \(limit) bytes without ending (--max-event-bytes)"
            }
        }
    }

    /// The most bytes one event may take, its line breaks included.
    package let maximumEventBytes: Int
    private var buffer: [UInt8] = []
    /// The first byte not yet consumed.
    private var start = 0
    /// Bytes of the current event already consumed (its complete lines).
    private var eventBytes = 0
    private var name = ""
    private var data: [String] = []
    private var id: String?
    /// The last `id:` read so far (an id-only block too, such as a stream's opening): where a client resumes from.
    package private(set) var lastEventID: String?

    package init(maximumEventBytes: Int = 64 << 20) {
        self.maximumEventBytes = maximumEventBytes
    }

    /// The events completed by `bytes`.
    package mutating func feed(_ bytes: [UInt8]) throws(Failure) -> [Event] {
        var events: [Event] = []
        // Only the new bytes are searched for line ends: the ones before have been, and held none.
        var searchFrom = buffer.count
        buffer += bytes
        while let newline = buffer[searchFrom...].firstIndex(of: UInt8(ascii: "\n")) {
            var line = buffer[start..<newline]
            if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
            eventBytes &+= newline &+ 1 &- start
            start = newline &+ 1
            searchFrom = start
            guard eventBytes <= maximumEventBytes else { throw .eventTooLarge(limit: maximumEventBytes) }
            if let event = take(String(decoding: line, as: UTF8.self)) { events.append(event) }
        }
        guard eventBytes &+ (buffer.count &- start) <= maximumEventBytes else {
            throw .eventTooLarge(limit: maximumEventBytes)
        }
        // Dropping consumed bytes now and then keeps the buffer at about one event without moving it on every line.
        if start > 65_536, start > buffer.count / 2 {
            buffer.removeFirst(start)
            start = 0
        }
        return events
    }

    /// Applies one line; the event it completes, if it is the empty line after one.
    private mutating func take(_ line: String) -> Event? {
        if line.isEmpty {
            defer {
                name = ""
                data = []
                id = nil
                eventBytes = 0
            }
            guard !data.isEmpty || !name.isEmpty else { return nil }
            return Event(name: name.isEmpty ? "message" : name, data: data.joined(separator: "\n"), id: id)
        }
        if line.hasPrefix(":") { return nil }
        let field = line.prefix { $0 != ":" }
        var value = line.dropFirst(field.count).dropFirst()
        if value.first == " " { value = value.dropFirst() }
        switch field {
        case "event": name = String(value)
        case "data": data.append(String(value))
        case "id":
            id = String(value)
            lastEventID = id
        default: break
        }
        return nil
    }
}

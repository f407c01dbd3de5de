import PushFakeCore

/// Where an events subscriber starts or resumes: `SEQ` (a sequence number of the current journal epoch) or
/// `EPOCH:SEQ`, the form of every `id:` the stream writes — what `?since=` and `Last-Event-ID` take.
package struct EventPosition: Equatable, Sendable {
    /// The journal epoch the sequence number belongs to; `nil`: the current one.
    package var epoch: UInt64?
    package var sequence: Int

    package init(epoch: UInt64?, sequence: Int) {
        self.epoch = epoch
        self.sequence = sequence
    }

    /// Reads `SEQ` or `EPOCH:SEQ` (decimal digits, at most 18 each); `nil` for anything else.
    package init?(_ text: String) {
        let parts = text.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        func number(_ part: Substring) -> UInt64? {
            guard !part.isEmpty, part.utf8.count <= 18, part.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }) else {
                return nil
            }
            return UInt64(part)
        }
        guard let last = parts.last, let sequence = number(last) else { return nil }
        self.sequence = Int(sequence)
        if parts.count == 2 {
            guard let epoch = number(parts[0]) else { return nil }
            self.epoch = epoch
        }
    }

    /// `EPOCH:SEQ`.
    package var text: String { "\(epoch.map(String.init) ?? ""):\(sequence)" }

    /// What `?since=` and `Last-Event-ID` accept, for error messages and the OpenAPI document.
    static let pattern = "^([0-9]{1,18}:)?[0-9]{1,18}$"
}

/// The text of each kind of event on `GET /__pushfake/events` (``EventHub``), written once per event.
enum EventText {
    /// The first bytes of every stream: the reconnection delay, and (unless a `reset` follows at once) the position
    /// the stream starts from, so that a client which reconnects before any entry resumes from there.
    static func opening(at position: EventPosition?) -> [UInt8] {
        Array("retry: 2000\n\(position.map { "id: \($0.text)\n" } ?? "")\n".utf8)
    }

    /// An `entry` event of an entry already redacted (``EventHub/redactor(extra:delivery:)``).
    static func entry(_ entry: JournalEntry, epoch: UInt64) -> [UInt8] {
        Array("id: \(epoch):\(entry.sequence)\nevent: entry\ndata: \(entry.jsonValue.serializedString())\n\n".utf8)
    }

    /// A `delivery` event, its secrets (the payload may carry what a request did) replaced.
    static func delivery(_ delivery: Delivery, _ redactor: RecordingRedactor) -> [UInt8] {
        Array("event: delivery\ndata: \(redactor.redact(text: delivery.jsonValue.serializedString()))\n\n".utf8)
    }

    /// A `note` event: the delivery as it is now and the note, secrets replaced.
    static func note(_ delivery: Delivery, _ note: String, _ redactor: RecordingRedactor) -> [UInt8] {
        let data = JSON.object(["delivery": delivery.jsonValue, "note": .string(note)]).serializedString()
        return Array("event: note\ndata: \(redactor.redact(text: data))\n\n".utf8)
    }

    /// What a subscriber saw no longer holds: a new journal epoch began. Its id is where the new epoch's entries
    /// follow, so a client that reconnects right after it is not reset again.
    static func reset(epoch: UInt64, after sequence: Int, cause: String) -> [UInt8] {
        let data = JSON.object(["epoch": .string(String(epoch)), "cause": .string(cause)]).serializedString()
        return Array("id: \(epoch):\(sequence)\nevent: reset\ndata: \(data)\n\n".utf8)
    }

    /// A state document replaced devices, deliveries and faults; the journal and its numbering stay.
    static let stateLoaded = Array("event: state\ndata: {\"cause\":\"stateLoaded\"}\n\n".utf8)

    /// The last event of a stream the server ends: it stops, or the stream's instance was deleted.
    static func end(_ ending: EventHub.Ending) -> [UInt8] {
        var data: JSONObject
        switch ending {
        case .shutdown:
            data = ["reason": "shutdown", "message": "the server is shutting down"]
        case .instanceDeleted(let id):
            data = [
                "reason": "instanceDeleted", "instance": .string(id), "message": .string("instance \(id) was deleted"),
            ]
        }
        return Array("event: end\ndata: \(JSON.object(data).serializedString())\n\n".utf8)
    }

    /// The last event of a subscriber that fell too far behind.
    static func dropped(bufferBytes: Int, lastSequence: Int, epoch: UInt64) -> [UInt8] {
        let reason =
            #"{"reason":"the subscriber fell more than \#(bufferBytes) bytes behind","#
            + #""lastSequence":\#(lastSequence),"lastEventId":"\#(epoch):\#(lastSequence)"}"#
        return Array("event: dropped\ndata: \(reason)\n\n".utf8)
    }

    static let heartbeat = Array(": heartbeat\n\n".utf8)
}

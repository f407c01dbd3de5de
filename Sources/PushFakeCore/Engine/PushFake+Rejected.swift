extension PushFake {
    /// Journals a request the transport rejected before it could be routed (malformed HTTP, timeout, too large),
    /// so bad input is never lost. Method and path are read from the request line when it is legible. For
    /// PushFake's own hosts (`package`).
    /// - Returns: the entry's sequence number.
    @discardableResult
    package func recordRejected(
        raw: [UInt8], response: FakeResponse, note: String, transport: FakeRequest.Transport
    ) -> Int {
        let (method, target) = Self.requestLine(of: raw)
        let request = FakeRequest(method: method, target: target, body: raw, transport: transport)
        let (entry, news) = state.withLock { state in
            let entry = JournalEntry(
                sequence: state.journal.takeSequence(), time: state.clock.now, request: request, route: nil,
                vendor: nil, app: nil, device: nil, fault: nil, response: response, outcome: .responded, delay: 0,
                deliveryIDs: [], notes: [note])
            state.journal.append(entry)
            publishUsage(of: state.journal)
            return (entry, state.entryNews)
        }
        news.tell(entry)
        return entry.sequence
    }

    /// `("GET", "/x")` from `GET /x HTTP/1.1\r\n…`, or empty strings when the line is not legible.
    package static func requestLine(of raw: [UInt8]) -> (String, String) {
        let line = raw.prefix { $0 != UInt8(ascii: "\r") && $0 != UInt8(ascii: "\n") }.prefix(2048)
        let parts = line.split(separator: UInt8(ascii: " "), maxSplits: 2, omittingEmptySubsequences: true)
        guard parts.count >= 2, parts[0].allSatisfy({ $0 >= 0x21 && $0 < 0x7F }),
            parts[1].allSatisfy({ $0 >= 0x21 && $0 < 0x7F })
        else { return ("", "") }
        return (String(decoding: parts[0], as: UTF8.self), String(decoding: parts[1], as: UTF8.self))
    }
}

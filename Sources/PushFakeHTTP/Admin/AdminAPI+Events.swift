import PushFakeCore

extension AdminAPI {
    /// `GET /__pushfake/events`: a server-sent events stream of journal entries and deliveries (``EventHub``).
    /// `?since=`, or the `Last-Event-ID` header of a reconnecting `EventSource`, replays what came after that
    /// position (`EPOCH:SEQ` as in the stream's `id:` lines, or a bare sequence number of the current epoch).
    func events(_ request: FakeRequest) -> ServerReply {
        var requested: EventPosition?
        for (name, value) in [
            ("since", Self.query(request)["since"]), ("Last-Event-ID", request.headers["Last-Event-ID"]),
        ] {
            guard let value else { continue }
            guard let position = EventPosition(value) else {
                return .response(
                    Self.badRequest(
                        "\(name) must be an event id of the stream (EPOCH:SEQ) or a journal sequence number, not "
                            + value))
            }
            requested = position
            break
        }
        guard let hub = server.eventHub(for: fake) else {
            return .response(.error(503, "the server is shutting down"))
        }
        let stream = ResponseStream(
            headers: [
                "Content-Type": "text/event-stream; charset=utf-8", "Cache-Control": "no-store",
                "X-Accel-Buffering": "no",
            ],
            // The hub bounds what waits for a subscriber (its stall rule, with room kept for the final event);
            // the stream must not cut it off on its own, since one event may be larger than the buffer.
            maxQueuedBytes: .max)
        hub.subscribe(stream, from: requested)
        return .stream(stream)
    }
}

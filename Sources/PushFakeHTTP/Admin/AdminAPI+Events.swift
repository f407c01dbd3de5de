import PushFakeCore

extension AdminAPI {
    /// `GET /__pushfake/events`: a server-sent events stream of journal entries and deliveries (``EventHub``).
    /// `?since=SEQ`, or the `Last-Event-ID` header of a reconnecting `EventSource`, replays what came after SEQ.
    func events(_ request: FakeRequest) -> ServerReply {
        var since = Self.query(request)["since"].flatMap(Int.init)
        if since == nil, let last = request.headers["Last-Event-ID"] {
            guard let sequence = Int(last), sequence >= 0 else {
                return .response(Self.badRequest("Last-Event-ID must be a journal sequence number, not \(last)"))
            }
            since = sequence
        }
        let stream = ResponseStream(
            headers: [
                "Content-Type": "text/event-stream; charset=utf-8", "Cache-Control": "no-store",
                "X-Accel-Buffering": "no",
            ],
            maxQueuedBytes: server.configuration.eventsBufferBytes)
        server.eventHub(for: fake).subscribe(stream, since: since)
        return .stream(stream)
    }
}

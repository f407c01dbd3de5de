import PushFakeCore

extension AdminAPI {
    /// `GET /__pushfake/health`: `{"status":"ok","journal":{"entries":N,"bytes":N,"limit":N|null,"dropped":N},`
    /// `"connections":{"open":N,"max":N,"refused":N,"evicted":N,"broken":N}}` (the server's connections: served now,
    /// the cap, answered 503, silent ones closed at the cap to make room, closed after an illegal transition).
    ///
    /// The journal's figures come from its own accounting under the engine lock (``PushFake/journalUsage``): no
    /// snapshot, no walk over the entries (health is also the trivial baseline `scripts/bench` measures vendor routes
    /// against: Performance.md).
    func health() -> FakeResponse {
        .json(200, bytes: HealthAnswer(journal: fake.journalUsage, connections: server.connectionCounts).jsonBytes)
    }
}

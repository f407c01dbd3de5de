import PushFakeHTTP1

/// What an engine publishes for readers that must never wait for its lock — `GET /__pushfake/health` and the `Date`
/// of every admin answer — while a long request (a send to a million devices) holds it: the journal's usage and the
/// clock as of their last change, copied under the engine's lock after each change and read under this box's own.
struct PublishedFacts: Sendable {
    var journalUsage: JournalUsage
    var clock: FakeClock
    /// The `Date` of answers given at the clock's current second, formatted once per second.
    var httpDate = HTTP1Date(secondsSince1970: 0)

    /// The `Date` of an answer given now.
    mutating func currentHTTPDate() -> HTTP1Date {
        httpDate = httpDate.at(secondsSince1970: HTTP1Date.second(containing: clock.now.timeIntervalSince1970))
        return httpDate
    }
}

import PushFakeHTTP1

/// What answering a request needs to know about it, kept while the answer is held, awaited or streamed.
struct RequestFacts: Equatable {
    var keepAlive: Bool
    var isHead: Bool
    var version: HTTP1Version
    /// Where the answer's `Date` comes from.
    var date: AnswerDate = .none
}

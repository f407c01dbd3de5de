import PushFakeCore
import PushFakeHTTP1

/// What a ``ConnectionMachine`` asks of the application: answers for requests, and answers (plus a journal entry
/// and a log line) for requests it rejects before they can be answered.
package protocol ConnectionResponder {
    /// Answers one parsed request, and says where the answer's `Date` comes from. Runs on the connection's I/O
    /// thread; the request's side effects (engine, journal, request log) happen here.
    func reply(to request: consuming HTTP1Request) -> (reply: ServerReply, date: AnswerDate)
    /// Records a request the connection rejects and returns the answer to send before closing, with its `Date`.
    /// - Parameter bytes: the first bytes of that request as received (``HTTP1Parser/requestBytes``).
    func reject(_ rejection: ConnectionRejection, bytes: [UInt8]) -> (response: FakeResponse, date: AnswerDate)
}

/// Why a connection answers a request without asking the application.
package enum ConnectionRejection: Equatable {
    /// The bytes are not an acceptable request: 400, 413, 431, 501 or 505.
    case malformed(HTTP1ParseError)
    /// The request did not arrive within the request timeout: 408.
    case timedOut
}

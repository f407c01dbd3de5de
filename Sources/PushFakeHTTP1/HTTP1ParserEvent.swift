/// What ``HTTP1Parser/next()`` found in the bytes received so far.
public enum HTTP1ParserEvent: Sendable, Equatable {
    /// A complete request; call `next()` again, more may be buffered (pipelining).
    case request(HTTP1Request)
    /// The head of a request with `Expect: 100-continue` and a body is complete but the body is not.
    ///
    /// Emitted once per request; the connection answers `HTTP/1.1 100 Continue\r\n\r\n`
    /// (``HTTP1Serializer/continueResponse``) so the client sends the body.
    case continueExpected
    /// Nothing more can be decided until more bytes are appended.
    case needMoreData
    /// The input is not acceptable; every later call returns the same error.
    ///
    /// The connection answers with ``HTTP1ParseError/status`` and closes.
    case error(HTTP1ParseError)
}

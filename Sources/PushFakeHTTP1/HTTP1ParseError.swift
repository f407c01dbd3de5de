/// Why the parser rejected a request: the status the connection should answer before closing, and a short reason.
///
/// The codec says nothing about the body of that answer; a server picks its own error format.
///
/// The statuses are the ones RFC 9110/9112 name for each fault: 400 for malformed syntax, 413 for
/// a body over the limit, 431 for a head over the limit, 501 for a transfer coding we do not
/// implement, 505 for a major version other than 1.
public struct HTTP1ParseError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The HTTP status to answer with: 400, 413, 431, 501 or 505.
    public var status: Int
    /// A short human explanation, such as `invalid header line`.
    public var reason: String

    /// Creates an error with a status and a short reason.
    public init(status: Int, reason: String) {
        self.status = status
        self.reason = reason
    }

    /// The status and reason, such as `400 invalid header line`.
    public var description: String { "\(status) \(reason)" }

    static func badRequest(_ reason: String) -> HTTP1ParseError {
        HTTP1ParseError(status: 400, reason: reason)
    }

    static func bodyTooLarge(limit: Int) -> HTTP1ParseError {
        HTTP1ParseError(status: 413, reason: "body exceeds \(limit) bytes")
    }

    static func headTooLarge(limit: Int) -> HTTP1ParseError {
        HTTP1ParseError(status: 431, reason: "request head exceeds \(limit) bytes")
    }

    static let trailersTooLarge = HTTP1ParseError(status: 431, reason: "trailer section too large")
    static let unsupportedTransferEncoding = HTTP1ParseError(status: 501, reason: "unsupported Transfer-Encoding")
    static let http2Preface = HTTP1ParseError(
        status: 400, reason: "HTTP/2 connection preface: this server speaks HTTP/1.1 only")
    static let unsupportedVersion = HTTP1ParseError(status: 505, reason: "HTTP version not supported")
}

/// The status line and header fields of a response, before the serializer adds the framing fields.
///
/// ```swift
/// let head = HTTP1ResponseHead(status: 200, headers: ["Content-Type": "application/json"])
/// let bytes = HTTP1Serializer.serialize(head, body: Array("{}".utf8), keepAlive: true, headRequest: false)
/// ```
public struct HTTP1ResponseHead: Sendable, Equatable {
    /// The status code, such as 200.
    public var status: Int
    /// The reason phrase; `nil` writes the registered one (``HTTP1Status/reasonPhrase(for:)``).
    public var reason: String?
    /// The header fields; `Content-Length`, `Transfer-Encoding` and `Connection` among them are ignored, because
    /// the serializer decides the framing itself.
    public var headers: HTTPHeaders

    /// Creates a head; the reason defaults to the standard phrase of `status`.
    public init(status: Int, reason: String? = nil, headers: HTTPHeaders = HTTPHeaders()) {
        self.status = status
        self.reason = reason
        self.headers = headers
    }

    /// Whether a response with `status` never has content (1xx, 204, 304; RFC 9110 §6.4.1), so it gets neither a
    /// length nor a body.
    public static func isBodyless(_ status: Int) -> Bool {
        (100..<200).contains(status) || status == 204 || status == 304
    }
}

/// How the body that follows a response head is delimited (RFC 9112 §6).
public enum HTTP1BodyFraming: Sendable, Equatable {
    /// `Content-Length: n`, then exactly n bytes.
    case length(Int)
    /// `Transfer-Encoding: chunked`: chunks follow (``HTTP1Serializer/appendChunk(_:into:)``), ended by
    /// ``HTTP1Serializer/lastChunk``. HTTP/1.1 only.
    case chunked
    /// No length at all: the body ends when the server closes the connection (`Connection: close`). The only
    /// open-ended framing an HTTP/1.0 client understands.
    case untilClose
}

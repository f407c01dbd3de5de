/// The status line and header fields of a response, before the serializer adds the framing fields.
///
/// ```swift
/// let head = HTTP1ResponseHead(status: 200, headers: ["Content-Type": "application/json"])
/// let bytes = HTTP1Serializer.serialize(head, body: Array("{}".utf8), keepAlive: true, headRequest: false)
/// ```
public struct HTTP1ResponseHead: Sendable, Equatable {
    /// The status code, such as 200.
    public var status: Int
    /// The reason phrase; `nil` writes the standard one (``standardReason(for:)``).
    public var reason: String?
    /// The header fields; `Content-Length`, `Transfer-Encoding` and `Connection` among them are ignored, because
    /// the serializer decides the framing itself.
    public var headers: HTTP1Headers

    /// Creates a head; the reason defaults to the standard phrase of `status`.
    public init(status: Int, reason: String? = nil, headers: HTTP1Headers = HTTP1Headers()) {
        self.status = status
        self.reason = reason
        self.headers = headers
    }

    /// Whether a response with `status` never has content (1xx, 204, 304; RFC 9110 §6.4.1), so it gets neither a
    /// length nor a body.
    public static func isBodyless(_ status: Int) -> Bool {
        (100..<200).contains(status) || status == 204 || status == 304
    }

    /// The RFC 9110 reason phrase for `status`, or `Status <n>` for a code not listed here.
    public static func standardReason(for status: Int) -> String {
        switch status {
        case 100: return "Continue"
        case 200: return "OK"
        case 201: return "Created"
        case 204: return "No Content"
        case 400: return "Bad Request"
        case 401: return "Unauthorized"
        case 402: return "Payment Required"
        case 403: return "Forbidden"
        case 404: return "Not Found"
        case 405: return "Method Not Allowed"
        case 406: return "Not Acceptable"
        case 408: return "Request Timeout"
        case 409: return "Conflict"
        case 411: return "Length Required"
        case 413: return "Content Too Large"
        case 422: return "Unprocessable Content"
        case 429: return "Too Many Requests"
        case 431: return "Request Header Fields Too Large"
        case 500: return "Internal Server Error"
        case 501: return "Not Implemented"
        case 502: return "Bad Gateway"
        case 503: return "Service Unavailable"
        case 504: return "Gateway Timeout"
        case 505: return "HTTP Version Not Supported"
        default: return "Status \(status)"
        }
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

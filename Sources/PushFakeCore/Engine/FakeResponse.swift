/// A response the engine produced, before any transport fault is applied.
public struct FakeResponse: Sendable, Equatable {
    /// The HTTP status code.
    public var status: Int
    /// The header fields; transports add framing (`Content-Length`) themselves.
    public var headers: HTTPHeaders
    /// The body bytes, usually compact JSON.
    public var body: [UInt8]

    /// Creates a response as given; ``json(_:_:)`` adds the standard headers, this does not.
    public init(status: Int, headers: HTTPHeaders = HTTPHeaders(), body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A JSON response with the headers every PushFake answer carries (FakeBehaviour.md, Common).
    public static func json(_ status: Int, _ body: JSON) -> FakeResponse {
        json(status, bytes: body.serialized())
    }

    /// A JSON response from already serialized bytes.
    public static func json(_ status: Int, bytes: [UInt8]) -> FakeResponse {
        FakeResponse(status: status, headers: standardHeaders, body: bytes)
    }

    static let standardHeaders: HTTPHeaders = [
        "Content-Type": "application/json; charset=utf-8",
        "Cache-Control": "no-store",
    ]

    /// The body parsed as JSON, or `nil` when it is not JSON.
    public var json: JSON? { try? JSON.parse(body) }

    /// The standard reason phrase for the status.
    public var reasonPhrase: String { Self.reasonPhrase(for: status) }

    /// The RFC 9110 reason phrase for `status`, or `Status <n>` for a code PushFake does not list.
    public static func reasonPhrase(for status: Int) -> String {
        switch status {
        case 100: return "Continue"
        case 200: return "OK"
        case 201: return "Created"
        case 204: return "No Content"
        case 308: return "Permanent Redirect"
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

import PushFakeHTTP1

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

    /// The reason phrase for `status`, from the codec's one table (`HTTP1Status`): what the status line and the
    /// HAR export's `statusText` both carry.
    public static func reasonPhrase(for status: Int) -> String {
        HTTP1Status.reasonPhrase(for: status)
    }
}

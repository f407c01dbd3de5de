import PushFakeCore

/// One request of the boundary-value matrix (issue 16): a boundary value in one numeric field of one route,
/// with everything else in the request valid enough for the value to reach the code that reads it.
public struct BoundaryCase: Sendable, CustomStringConvertible {
    /// Who answers, and so which shape the answer must have.
    public enum Answerer: Sendable, Equatable {
        case vendor(Vendor)
        case admin
    }

    public let answerer: Answerer
    /// `METHOD /template` of the route.
    public let route: String
    /// The field, as its table or schema names it (`body badge`, `query since`, `header Last-Event-ID`).
    public let field: String
    /// The value as sent (JSON text in a body, plain text in a query or header).
    public let value: String
    public let method: String
    /// Path and query.
    public let path: String
    public let headers: [(name: String, value: String)]
    public let body: [UInt8]

    init(
        answerer: Answerer, route: String, field: String, value: String, method: String, path: String,
        headers: [(name: String, value: String)], body: [UInt8]
    ) {
        self.answerer = answerer
        self.route = route
        self.field = field
        self.value = value
        self.method = method
        self.path = path
        self.headers = headers
        self.body = body
    }

    /// `POST /api/v2/apps/{app}/notifications body badge = -9223372036854775808`.
    public var description: String { "\(route) \(field) = \(value)" }

    /// The request for an engine or a server.
    public var request: FakeRequest {
        var fields = HTTPHeaders()
        for header in headers { fields.add(name: header.name, value: header.value) }
        return FakeRequest(method: method, target: path, headers: fields, body: body, transport: .http)
    }

    /// The request as HTTP/1.1 bytes (with `Host` and `Content-Length`; `Connection: keep-alive`).
    public var wireBytes: [UInt8] {
        var head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        for header in headers { head += "\(header.name): \(header.value)\r\n" }
        head += "Content-Length: \(body.count)\r\n\r\n"
        return Array(head.utf8) + body
    }

    /// The JSON text of `json` with `value` written where `placeholder` (a string) is: exact number texts such as
    /// `-0` and `9223372036854775808`, which a `JSON` value would normalize.
    static func bodyBytes(_ json: JSON, replacing placeholder: String, with value: String) -> [UInt8] {
        let text = json.serializedString()
        let quoted = JSON.string(placeholder).serializedString()
        return Array(text.replacingOccurrences(of: quoted, with: value).utf8)
    }

    /// A string no request carries, marking where the boundary value goes.
    static let placeholder = "@@pushfake-boundary-value@@"
}

extension BoundaryCase {
    /// Whether `status` and `body` are an answer in the target's shape: TPNS's envelope (`success`, `message`,
    /// `errors`), TwinPush's objects or `{"errors": {"type", "message"}}`, the admin API's JSON or
    /// `{"error": "…"}` — and never a server error (5xx), which a number a client sent must not cause.
    public func isShapedAnswer(status: Int, body: JSON?) -> Bool {
        guard (200...499).contains(status), let body else { return false }
        switch answerer {
        case .vendor(let vendor) where vendor == .tpns:
            return body["success"]?.boolValue != nil && body["errors"]?.arrayValue != nil
        case .vendor(let vendor) where vendor == .twinPush:
            if status < 300 { return body.objectValue != nil }
            return body["errors"]?["type"]?.stringValue != nil && body["errors"]?["message"]?.stringValue != nil
        case .vendor:
            return true
        case .admin:
            if status < 300 { return body.objectValue != nil }
            return body["error"]?.stringValue != nil || body["message"]?.stringValue != nil
        }
    }
}

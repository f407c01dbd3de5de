/// One request as the HTTP/1.1 parser read it off the wire: head fields as sent, body de-chunked.
///
/// The parser fills `keepAlive` and `expectsContinue` from the headers and the version, so the
/// connection never has to re-read them.
///
/// ```swift
/// var parser = HTTP1Parser()
/// parser.append(Array("GET /health HTTP/1.1\r\nHost: x\r\n\r\n".utf8))
/// if case .request(let request) = parser.next() {
///     request.target  // "/health"
/// }
/// ```
public struct HTTP1Request: Sendable, Equatable {
    /// The method as sent, case preserved (methods are case-sensitive), such as `POST`.
    public var method: String
    /// The request-target in origin form, path and query, such as `/TPNS/api/device/register?x=1`: as sent, or the
    /// path and query of an absolute-form target (`http://127.0.0.1:8080/x?y` → `/x?y`, RFC 9112 §3.2.2); `*` for
    /// `OPTIONS *`.
    public var target: String
    /// The authority of an absolute-form target (`http://127.0.0.1:8080/x` → `127.0.0.1:8080`), which replaces the
    /// `Host` header (RFC 9112 §3.2.2); `nil` for the usual origin-form target.
    public var targetAuthority: String?
    /// The version from the request line.
    public var version: HTTP1Version
    /// The header fields with names as sent, in wire order; lookups are case-insensitive.
    public var headers: HTTPHeaders
    /// The body bytes, already de-chunked; empty when the request had no body.
    public var body: [UInt8]
    /// Whether the connection may stay open after the response.
    ///
    /// HTTP/1.1: `true` unless `Connection` lists `close`. HTTP/1.0: `true` only when `Connection`
    /// lists `keep-alive` and not `close`.
    public var keepAlive: Bool
    /// Whether the client sent `Expect: 100-continue` (ignored for HTTP/1.0, RFC 9110 §10.1.1).
    public var expectsContinue: Bool

    /// Creates a request; the defaults describe an HTTP/1.1 request without a body.
    public init(
        method: String,
        target: String,
        version: HTTP1Version = .http11,
        headers: HTTPHeaders = HTTPHeaders(),
        body: [UInt8] = [],
        keepAlive: Bool = true,
        expectsContinue: Bool = false
    ) {
        self.method = method
        self.target = target
        self.version = version
        self.headers = headers
        self.body = body
        self.keepAlive = keepAlive
        self.expectsContinue = expectsContinue
    }
}

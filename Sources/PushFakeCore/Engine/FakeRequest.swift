import PushFakeHTTP1

/// A request as any transport hands it to the engine: wire-neutral, bytes as received.
///
/// ```swift
/// let request = FakeRequest(method: "POST", target: "/TPNS/api/device/register",
///                           headers: ["Content-Type": "application/json"], body: Array(json.utf8))
/// let exchange = fake.handle(request)
/// ```
public struct FakeRequest: Sendable, Equatable {
    /// Which host delivered the request.
    public enum Transport: String, Sendable, Equatable {
        /// The HTTP/1.1 server (standalone or in-process live).
        case http
        /// The URLProtocol adapter (no sockets).
        case urlProtocol
        /// Called directly from Swift.
        case direct
    }

    /// The method as sent; routing compares it case-sensitively, as HTTP does.
    public var method: String
    /// The path as sent, before normalization (no query).
    public var path: String
    /// The raw query string without `?`, or empty.
    public var query: String
    /// The header fields in the order the transport saw them.
    public var headers: HTTPHeaders
    /// The body bytes, unparsed (chunked bodies arrive here already decoded).
    public var body: [UInt8]
    /// `false` when the transport could not see the body (URLSession `upload` through a URLProtocol on Linux).
    public var bodyAvailable: Bool
    /// Which host delivered the request; recordings ignore it by default.
    public var transport: Transport

    /// Creates a request from its parts; `path` and `query` stay percent-encoded, as on the wire.
    public init(
        method: String,
        path: String,
        query: String = "",
        headers: HTTPHeaders = HTTPHeaders(),
        body: [UInt8] = [],
        bodyAvailable: Bool = true,
        transport: Transport = .direct
    ) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.body = body
        self.bodyAvailable = bodyAvailable
        self.transport = transport
    }

    /// Builds a request from a request target such as `/api/v2/apps/x/devices/y/inbox?page=1`.
    public init(
        method: String,
        target: String,
        headers: HTTPHeaders = HTTPHeaders(),
        body: [UInt8] = [],
        transport: Transport = .direct
    ) {
        // Byte search on the target's contiguous bytes: `Character` search, and even index walks of its UTF-8 view,
        // showed up in profiles of the request path. Cut at an ASCII `?`, both parts stay the same valid UTF-8.
        var target = target
        let parts = target.withUTF8 { bytes -> (path: String, query: String)? in
            guard let mark = bytes.firstIndex(of: UInt8(ascii: "?")) else { return nil }
            return (
                String(decoding: UnsafeBufferPointer(rebasing: bytes[..<mark]), as: UTF8.self),
                String(decoding: UnsafeBufferPointer(rebasing: bytes[(mark &+ 1)...]), as: UTF8.self)
            )
        }
        if let parts {
            self.init(
                method: method, path: parts.path, query: parts.query, headers: headers, body: body,
                transport: transport)
        } else {
            self.init(method: method, path: target, headers: headers, body: body, transport: transport)
        }
    }

    /// The request target as on the wire: path plus `?query` when present.
    public var target: String { query.isEmpty ? path : path + "?" + query }

    /// The query as decoded key/value pairs, in order. `tags%5B%5D` and `tags[]` decode to the same key.
    public var queryItems: [(name: String, value: String)] {
        Self.parseQuery(query)
    }

    static func parseQuery(_ query: String) -> [(name: String, value: String)] {
        guard !query.isEmpty else { return [] }
        return query.split(separator: "&", omittingEmptySubsequences: true).map { pair in
            if let equals = pair.firstIndex(of: "=") {
                return (
                    PercentDecoding.decode(pair[..<equals], plusAsSpace: true),
                    PercentDecoding.decode(pair[pair.index(after: equals)...], plusAsSpace: true)
                )
            }
            return (PercentDecoding.decode(pair, plusAsSpace: true), "")
        }
    }
}

/// The protocol version of an HTTP/1.x message, as the request line carried it.
///
/// The parser accepts any `HTTP/1.x`; a minor version above 1 is treated like HTTP/1.1
/// (RFC 9112 §2.3: a 1.1 server answers the highest minor version it supports).
///
/// ```swift
/// HTTP1Version.http11.description  // "HTTP/1.1"
/// ```
public struct HTTP1Version: Sendable, Hashable, CustomStringConvertible {
    /// The digit before the dot.
    public var major: Int
    /// The digit after the dot.
    public var minor: Int

    /// Creates a version from its two digits.
    public init(major: Int, minor: Int) {
        self.major = major
        self.minor = minor
    }

    /// `HTTP/1.0`: connections close after each response unless the client asks for keep-alive.
    public static let http10 = HTTP1Version(major: 1, minor: 0)
    /// `HTTP/1.1`: connections stay open unless either side says `Connection: close`.
    public static let http11 = HTTP1Version(major: 1, minor: 1)

    /// Whether persistent connections and `Expect: 100-continue` apply (HTTP/1.1 and later 1.x).
    public var isAtLeastHTTP11: Bool { major > 1 || (major == 1 && minor >= 1) }

    /// The version as written on the wire, such as `HTTP/1.1`.
    public var description: String { "HTTP/\(major).\(minor)" }
}

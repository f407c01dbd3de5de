extension HTTP1HeadParser {
    /// The request-target's form (RFC 9112 §3.2): the origin form (`/path?query`) as sent; the absolute form
    /// (`http://authority/path?query`, which a server must accept) as its origin form plus its authority; `*` for
    /// `OPTIONS` only. Anything else — `__pushfake/health` without its slash, `*` with another method, the authority
    /// form of `CONNECT`, another scheme, userinfo — is a 400: a path the router would read another way than the
    /// client meant.
    static func parseTarget(
        _ bytes: UnsafeBufferPointer<UInt8>,
        _ target: Range<Int>,
        method: Range<Int>
    ) throws(HTTP1ParseError) -> (originForm: String, authority: String?) {
        let first = bytes[target.lowerBound]
        if first == slash { return (G.string(bytes, target), nil) }
        if target.count == 1, first == asterisk {
            guard G.string(bytes, method) == "OPTIONS" else {
                throw .badRequest("invalid request target: * is for OPTIONS only")
            }
            return ("*", nil)
        }
        // absolute-form: `http` or `https`, `://`, a non-empty authority without userinfo, then path and query.
        var index = target.lowerBound
        while index < target.upperBound, bytes[index] != colon { index += 1 }
        let scheme = target.lowerBound..<index
        let isHTTP = G.equalsIgnoringCase(bytes, scheme, "http") || G.equalsIgnoringCase(bytes, scheme, "https")
        guard isHTTP, index + 3 <= target.upperBound, bytes[index + 1] == slash, bytes[index + 2] == slash else {
            throw .badRequest("invalid request target: it must start with / (or be an absolute http URL)")
        }
        let authorityStart = index + 3
        var authorityEnd = authorityStart
        while authorityEnd < target.upperBound, bytes[authorityEnd] != slash, bytes[authorityEnd] != question {
            guard bytes[authorityEnd] != at else {
                throw .badRequest("invalid request target: userinfo (user@) in an absolute URL")
            }
            authorityEnd += 1
        }
        guard authorityEnd > authorityStart else {
            throw .badRequest("invalid request target: an absolute URL without a host")
        }
        let rest = authorityEnd..<target.upperBound
        // An empty path is `/` (RFC 9112 §3.2.1), also before a query.
        let originForm: String
        if rest.isEmpty {
            originForm = "/"
        } else if bytes[rest.lowerBound] == question {
            originForm = "/" + G.string(bytes, rest)
        } else {
            originForm = G.string(bytes, rest)
        }
        return (originForm, G.string(bytes, authorityStart..<authorityEnd))
    }

    private static let slash = UInt8(ascii: "/")
    private static let asterisk = UInt8(ascii: "*")
    private static let colon = UInt8(ascii: ":")
    private static let question = UInt8(ascii: "?")
    private static let at = UInt8(ascii: "@")
}

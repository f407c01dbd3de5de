/// Parses one complete request head (request line, header lines, blank line) held in a byte buffer.
///
/// The parser only calls this once the blank line has arrived, so every decision depends on the
/// whole head and never on how the bytes were split across reads.
enum HTTP1HeadParser {
    /// How the body of the request is delimited (RFC 9112 §6.3).
    enum Framing: Equatable {
        case none
        case length(Int)
        case chunked
    }

    /// What the parser needs to read the body of the request.
    struct Head {
        var framing: Framing
        /// The largest body this request may have (413 above it).
        var maxBodyBytes: Int
    }

    typealias G = HTTP1Grammar

    /// - Parameters:
    ///   - bytes: the buffer holding the head.
    ///   - range: the head, from the first byte of the request line through the blank line's LF.
    ///   - maxBodyBytes: a Content-Length above this fails with 413 before any body byte is read.
    ///   - bodyLimit: the limit for this request instead of `maxBodyBytes`, asked only when the head announces a
    ///     body (``HTTP1Parser/bodyLimit``).
    ///   - request: set to the request without its body. Through this parameter rather than in the result: a large
    ///     value returned by a throwing function was copied (with every String and array it holds) and destroyed.
    static func parse(
        _ bytes: UnsafeBufferPointer<UInt8>,
        _ range: Range<Int>,
        maxBodyBytes: Int,
        bodyLimit: (@Sendable (HTTP1Request) -> Int)? = nil,
        into request: inout HTTP1Request?
    ) throws(HTTP1ParseError) -> Head {
        var lineStart = range.lowerBound
        let requestLine = try parseRequestLine(bytes, nextLine(bytes, &lineStart, range.upperBound))
        var fields = HTTP1HeaderFacts()
        var collected: [HTTPHeaders.Field] = []
        collected.reserveCapacity(12)
        while lineStart < range.upperBound {
            let line = nextLine(bytes, &lineStart, range.upperBound)
            if line.isEmpty { break }
            collected.append(try fields.parseField(bytes, line))
        }
        let version = requestLine.version
        let parsed = HTTP1Request(
            method: requestLine.method, target: requestLine.target, version: version, headers: HTTPHeaders(collected))
        var limit = maxBodyBytes
        if let bodyLimit, fields.declaresBody { limit = max(0, bodyLimit(parsed)) }
        let framing = try fields.framing(maxBodyBytes: limit)
        // After the framing: a body too large or a smuggling setup is the more telling error.
        try fields.checkHost(version: version)
        // Handed over first and completed in place: a `let` moves into `request`, a `var` filled in first was copied.
        request = parsed
        request?.targetAuthority = requestLine.authority
        // HTTP/1.0 has no Transfer-Encoding: its framing is faulty, so the body is read as chunked, answered, and the
        // connection closed whatever `Connection` says (RFC 9112 §6.1): bytes after it are never read as a request.
        request?.keepAlive =
            version.isAtLeastHTTP11
            ? !fields.connectionClose
            : fields.connectionKeepAlive && !fields.connectionClose && framing != .chunked
        request?.expectsContinue = fields.expectsContinue && version.isAtLeastHTTP11
        return Head(framing: framing, maxBodyBytes: limit)
    }

    /// The next line in `start..<end` without its LF or CRLF; advances `start` past the LF.
    @inline(__always)
    private static func nextLine(_ bytes: UnsafeBufferPointer<UInt8>, _ start: inout Int, _ end: Int) -> Range<Int> {
        var index = G.indexOfLineFeed(bytes, from: start, to: end)
        let lineStart = start
        start = index + 1
        // A bare LF ends a line too (RFC 9112 §2.2 allows it for robustness).
        if index > lineStart && bytes[index - 1] == G.carriageReturn { index -= 1 }
        return lineStart..<index
    }

    /// What the request line says.
    private struct RequestLine {
        var method: String
        var target: String
        var authority: String?
        var version: HTTP1Version
    }

    /// `method SP request-target SP HTTP-version` (RFC 9112 §3). Inlined, so that its strings move into the request
    /// instead of being copied out of a value that is then destroyed.
    @inline(__always)
    private static func parseRequestLine(
        _ bytes: UnsafeBufferPointer<UInt8>,
        _ line: Range<Int>
    ) throws(HTTP1ParseError) -> RequestLine {
        var index = line.lowerBound
        while index < line.upperBound && G.isTokenByte(bytes[index]) { index += 1 }
        guard index > line.lowerBound, index < line.upperBound, bytes[index] == G.space else {
            throw .badRequest("invalid method")
        }
        let method = line.lowerBound..<index
        index += 1
        let targetStart = index
        // Visible ASCII only: anything else must be percent-encoded (RFC 3986), and keeping the target
        // ASCII keeps it byte-for-byte "as sent" once it is a String.
        while index < line.upperBound && bytes[index] > G.space && bytes[index] < 0x7F { index += 1 }
        guard index > targetStart, index < line.upperBound, bytes[index] == G.space else {
            throw .badRequest("invalid request target")
        }
        let target = targetStart..<index
        // `PRI * HTTP/2.0`: an HTTP/2 client with prior knowledge (RFC 9113 §3.4). Not a request to answer with 505.
        if method.count == 3, G.string(bytes, method) == "PRI", target.count == 1, bytes[target.lowerBound] == 0x2A {
            throw .http2Preface
        }
        let version = try parseVersion(bytes, index + 1..<line.upperBound)
        let (originForm, authority) = try parseTarget(bytes, target, method: method)
        return RequestLine(
            method: HTTP1KnownFields.method(bytes, method) ?? G.string(bytes, method), target: originForm,
            authority: authority, version: version)
    }

    /// `HTTP/DIGIT.DIGIT`, case-sensitive (RFC 9112 §2.3).
    private static func parseVersion(
        _ bytes: UnsafeBufferPointer<UInt8>,
        _ range: Range<Int>
    ) throws(HTTP1ParseError) -> HTTP1Version {
        let prefix: StaticString = "HTTP/"
        guard range.count == 8 else { throw .badRequest("invalid HTTP version") }
        let start = range.lowerBound
        for offset in 0..<5 where bytes[start + offset] != prefix.utf8Start[offset] {
            throw .badRequest("invalid HTTP version")
        }
        let major = bytes[start + 5] &- 0x30
        let minor = bytes[start + 7] &- 0x30
        guard major <= 9, bytes[start + 6] == 0x2E, minor <= 9 else { throw .badRequest("invalid HTTP version") }
        guard major == 1 else { throw .unsupportedVersion }
        return HTTP1Version(major: 1, minor: Int(minor))
    }
}

/// What the head parser learns from the header fields that change how a request is read:
/// `Content-Length`, `Transfer-Encoding`, `Connection` and `Expect`; and how many `Host` fields came.
struct HTTP1HeaderFacts {
    typealias G = HTTP1Grammar

    private var contentLength: Int?
    private var hasTransferEncoding = false
    private var chunkedCount = 0
    private var otherCodingCount = 0
    private(set) var connectionClose = false
    private(set) var connectionKeepAlive = false
    private(set) var expectsContinue = false
    /// How many `Host` field lines the request carried (RFC 9112 §3.2 wants exactly one in HTTP/1.1).
    private(set) var hostCount = 0

    /// Parses `name: value` (RFC 9112 §5) and records the fields that matter for framing.
    mutating func parseField(
        _ bytes: UnsafeBufferPointer<UInt8>,
        _ line: Range<Int>
    ) throws(HTTP1ParseError) -> HTTPHeaders.Field {
        guard !G.isWhitespace(bytes[line.lowerBound]) else {
            // obs-fold (RFC 9112 §5.2): a continuation line. Rejecting it avoids two readings of one header.
            throw .badRequest("obsolete line folding")
        }
        var index = line.lowerBound
        while index < line.upperBound && G.isTokenByte(bytes[index]) { index += 1 }
        // Whitespace before the colon is a smuggling vector and MUST be rejected (RFC 9112 §5.1).
        guard index > line.lowerBound, index < line.upperBound, bytes[index] == G.colon else {
            throw .badRequest("invalid header line")
        }
        let name = line.lowerBound..<index
        let value = G.trimmingWhitespace(bytes, index + 1..<line.upperBound)
        for position in value where !G.isFieldValueByte(bytes[position]) {
            throw .badRequest("invalid header value")
        }
        try record(bytes, name: name, value: value)
        return HTTPHeaders.Field(
            name: HTTP1KnownFields.name(bytes, name) ?? G.string(bytes, name),
            value: HTTP1KnownFields.value(bytes, value) ?? G.string(bytes, value))
    }

    private mutating func record(
        _ bytes: UnsafeBufferPointer<UInt8>,
        name: Range<Int>,
        value: Range<Int>
    ) throws(HTTP1ParseError) {
        // Dispatch on length first: most names match none of the four and cost one comparison.
        switch name.count {
        case 14 where G.equalsIgnoringCase(bytes, name, "content-length"):
            try recordContentLength(bytes, value)
        case 17 where G.equalsIgnoringCase(bytes, name, "transfer-encoding"):
            hasTransferEncoding = true
            G.forEachListElement(bytes, value) { element in
                if G.equalsIgnoringCase(bytes, element, "chunked") { chunkedCount += 1 } else { otherCodingCount += 1 }
            }
        case 10 where G.equalsIgnoringCase(bytes, name, "connection"):
            G.forEachListElement(bytes, value) { element in
                if G.equalsIgnoringCase(bytes, element, "close") { connectionClose = true }
                if G.equalsIgnoringCase(bytes, element, "keep-alive") { connectionKeepAlive = true }
            }
        case 4 where G.equalsIgnoringCase(bytes, name, "host"):
            hostCount += 1
        case 6 where G.equalsIgnoringCase(bytes, name, "expect"):
            if G.equalsIgnoringCase(bytes, value, "100-continue") { expectsContinue = true }
        default:
            break
        }
    }

    /// Content-Length is `1*DIGIT`; a list of identical values (`5, 5`) or repeated identical fields are
    /// accepted as one value, differing ones are rejected (RFC 9112 §6.3, item 5).
    private mutating func recordContentLength(
        _ bytes: UnsafeBufferPointer<UInt8>,
        _ value: Range<Int>
    ) throws(HTTP1ParseError) {
        var sawElement = false
        try G.forEachListElement(bytes, value) { (element) throws(HTTP1ParseError) in
            sawElement = true
            var length = 0
            var tooLarge = false
            for index in element {
                let digit = bytes[index] &- 0x30
                guard digit <= 9 else { throw .badRequest("invalid Content-Length") }
                // Saturate instead of overflowing: any value past the limit only needs to be "too large".
                if length > (Int.max - 9) / 10 { tooLarge = true } else { length = length * 10 + Int(digit) }
            }
            if tooLarge { length = Int.max }
            if let previous = contentLength, previous != length {
                throw .badRequest("conflicting Content-Length")
            }
            contentLength = length
        }
        guard sawElement else { throw .badRequest("invalid Content-Length") }
    }

    /// Rejects a request with more than one `Host` field, or an HTTP/1.1 one with none (RFC 9112 §3.2: a server
    /// MUST answer both with 400). An HTTP/1.0 request may omit it: HTTP/1.0 had no such rule.
    func checkHost(version: HTTP1Version) throws(HTTP1ParseError) {
        guard hostCount <= 1 else { throw .badRequest("more than one Host header") }
        guard hostCount == 1 || !version.isAtLeastHTTP11 else { throw .badRequest("missing Host header") }
    }

    /// Whether the head announces a body: `Transfer-Encoding`, or a `Content-Length` above 0.
    var declaresBody: Bool { hasTransferEncoding || (contentLength ?? 0) > 0 }

    /// The body framing once every field is seen (RFC 9112 §6.3).
    func framing(maxBodyBytes: Int) throws(HTTP1ParseError) -> HTTP1HeadParser.Framing {
        if hasTransferEncoding {
            // Both headers at once is the classic request-smuggling setup: reject rather than pick one.
            guard contentLength == nil else { throw .badRequest("both Content-Length and Transfer-Encoding") }
            guard chunkedCount == 1, otherCodingCount == 0 else { throw .unsupportedTransferEncoding }
            return .chunked
        }
        guard let length = contentLength else { return .none }
        guard length <= maxBodyBytes else { throw .bodyTooLarge(limit: maxBodyBytes) }
        return length == 0 ? .none : .length(length)
    }
}

/// Reads a response's status line and fields (RFC 9112 §4, §5) from the bytes before the blank line.
enum HTTP1ResponseHeadReader {
    private typealias G = HTTP1Grammar

    /// The head in `range` of `bytes` (without the final CRLFCRLF).
    static func read(
        _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>
    ) throws(HTTP1ResponseParser.Failure) -> HTTP1ResponseHead {
        var lines: [Range<Int>] = []
        var lineStart = range.lowerBound
        while lineStart <= range.upperBound {
            let lineFeed = G.indexOfLineFeed(bytes, from: lineStart, to: range.upperBound)
            var lineEnd = lineFeed
            if lineEnd > lineStart, bytes[lineEnd &- 1] == G.carriageReturn { lineEnd &-= 1 }
            lines.append(lineStart..<lineEnd)
            lineStart = lineFeed &+ 1
        }
        guard let statusLine = lines.first else { throw .init("the response has no status line") }
        var head = try statusOf(bytes, statusLine)
        var fields: [HTTPHeaders.Field] = []
        fields.reserveCapacity(lines.count &- 1)
        for line in lines.dropFirst() { fields.append(try field(bytes, line)) }
        head.headers = HTTPHeaders(fields)
        return head
    }

    /// `HTTP/1.x NNN reason`; the reason may be empty, even without its space.
    private static func statusOf(
        _ bytes: UnsafeBufferPointer<UInt8>, _ line: Range<Int>
    ) throws(HTTP1ResponseParser.Failure) -> HTTP1ResponseHead {
        let prefix = Array("HTTP/1.".utf8)
        let text = { String(decoding: UnsafeBufferPointer(rebasing: bytes[line.prefix(64)]), as: UTF8.self) }
        guard line.count >= 12, zip(prefix, bytes[line.lowerBound...]).allSatisfy({ $0 == $1 }) else {
            throw .init("\(text().debugDescription) is not an HTTP/1.x status line")
        }
        let at = line.lowerBound
        let digits = bytes[(at &+ 9)..<(at &+ 12)]
        guard isDigit(bytes[at &+ 7]), bytes[at &+ 8] == G.space, digits.allSatisfy(isDigit),
            line.count == 12 || bytes[at &+ 12] == G.space
        else { throw .init("\(text().debugDescription) is not an HTTP/1.x status line") }
        let status = digits.reduce(0) { $0 &* 10 &+ Int($1 &- 48) }
        guard status >= 100 else { throw .init("\(status) is not a status code") }
        let reasonStart = min(line.upperBound, at &+ 13)
        let reason = String(
            decoding: UnsafeBufferPointer(rebasing: bytes[reasonStart..<line.upperBound]), as: UTF8.self)
        return HTTP1ResponseHead(status: status, reason: reason)
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= 0x30 && byte <= 0x39
    }

    /// `name: value` with optional whitespace around the value; no folding, no space before the colon.
    private static func field(
        _ bytes: UnsafeBufferPointer<UInt8>, _ line: Range<Int>
    ) throws(HTTP1ResponseParser.Failure) -> HTTPHeaders.Field {
        guard let colon = line.first(where: { bytes[$0] == G.colon }), colon > line.lowerBound,
            bytes[line.lowerBound..<colon].allSatisfy(G.isTokenByte)
        else {
            let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[line.prefix(64)]), as: UTF8.self)
            throw .init("\(text.debugDescription) is not a header field")
        }
        var valueStart = colon &+ 1
        var valueEnd = line.upperBound
        while valueStart < valueEnd, G.isWhitespace(bytes[valueStart]) { valueStart &+= 1 }
        while valueEnd > valueStart, G.isWhitespace(bytes[valueEnd &- 1]) { valueEnd &-= 1 }
        guard bytes[valueStart..<valueEnd].allSatisfy(G.isFieldValueByte) else {
            throw .init("the value of a header field holds a control byte")
        }
        return HTTPHeaders.Field(
            name: String(decoding: UnsafeBufferPointer(rebasing: bytes[line.lowerBound..<colon]), as: UTF8.self),
            value: String(decoding: UnsafeBufferPointer(rebasing: bytes[valueStart..<valueEnd]), as: UTF8.self))
    }
}

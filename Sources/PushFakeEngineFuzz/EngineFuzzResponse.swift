/// One HTTP/1.1 response read strictly from what a connection wrote, independently of the server's serializer.
struct EngineFuzzResponse {
    let status: Int
    /// The reason phrase of the status line.
    let reason: String
    let headers: [(name: String, value: String)]
    /// The body as framed by `Content-Length`; for a chunked (streamed) answer, whatever followed the head.
    let body: [UInt8]
    let chunked: Bool

    func header(_ name: String) -> String? {
        let lowered = name.lowercased()
        return headers.first { $0.name.lowercased() == lowered }?.value
    }

    /// Reads one response from the front of `bytes`, returning it and the bytes after it.
    /// - Parameter headRequest: the answer to a HEAD request carries no body whatever its `Content-Length` says.
    static func read(
        _ bytes: ArraySlice<UInt8>, headRequest: Bool
    ) throws(EngineFuzzViolation) -> (EngineFuzzResponse, ArraySlice<UInt8>) {
        guard let headEnd = endOfHead(bytes) else { throw .init("response head does not end", bytes) }
        let lines = splitLines(bytes[bytes.startIndex..<headEnd])
        guard let statusLine = lines.first else { throw .init("no status line", bytes) }
        let (status, reason) = try readStatusLine(statusLine)
        var headers: [(name: String, value: String)] = []
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: UInt8(ascii: ":")), colon > line.startIndex else {
                throw .init("header line without a name", line)
            }
            guard line[..<colon].allSatisfy(isTokenByte) else { throw .init("bad header name", line) }
            let value = line[(colon + 1)...]
            guard value.allSatisfy({ $0 == 0x09 || ($0 >= 0x20 && $0 != 0x7F) }) else {
                throw .init("control byte in header value", line)
            }
            headers.append(
                (
                    String(decoding: line[..<colon], as: UTF8.self),
                    String(decoding: value, as: UTF8.self).trimmingSpaces
                ))
        }
        let rest = bytes[(headEnd + 4)...]
        let lengths = headers.filter { $0.name.lowercased() == "content-length" }.map(\.value)
        let encoding = headers.first { $0.name.lowercased() == "transfer-encoding" }?.value
        if let encoding {
            guard encoding == "chunked", lengths.isEmpty else { throw .init("bad framing", encoding, lengths) }
            return (
                EngineFuzzResponse(status: status, reason: reason, headers: headers, body: Array(rest), chunked: true),
                []
            )
        }
        if status < 200 || status == 204 || status == 304 {
            guard lengths.isEmpty || status >= 200 else { throw .init("1xx with Content-Length", status) }
            return (
                EngineFuzzResponse(status: status, reason: reason, headers: headers, body: [], chunked: false), rest
            )
        }
        guard lengths.count == 1, let length = Int(lengths[0]), length >= 0, lengths[0].allSatisfy(\.isNumber)
        else { throw .init("Content-Length missing, repeated or not a number", lengths) }
        if headRequest {
            return (
                EngineFuzzResponse(status: status, reason: reason, headers: headers, body: [], chunked: false), rest
            )
        }
        guard rest.count >= length else { throw .init("body shorter than Content-Length", length, rest.count) }
        let body = Array(rest.prefix(length))
        return (
            EngineFuzzResponse(status: status, reason: reason, headers: headers, body: body, chunked: false),
            rest.dropFirst(length)
        )
    }

    /// `HTTP/1.1 NNN reason`, 100 ≤ NNN ≤ 599.
    private static func readStatusLine(
        _ line: ArraySlice<UInt8>
    ) throws(EngineFuzzViolation) -> (status: Int, reason: String) {
        let prefix = Array("HTTP/1.1 ".utf8)
        guard line.count >= 12, line.starts(with: prefix) else { throw .init("bad status line", line) }
        let digits = line.dropFirst(prefix.count).prefix(3)
        guard digits.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), line[line.startIndex + 12] == 0x20 else {
            throw .init("bad status code", line)
        }
        let status = digits.reduce(0) { $0 * 10 + Int($1 - 0x30) }
        guard (100...599).contains(status) else { throw .init("status out of range", status) }
        guard line.dropFirst(13).allSatisfy({ $0 == 0x09 || ($0 >= 0x20 && $0 != 0x7F) }) else {
            throw .init("control byte in reason phrase", line)
        }
        return (status, String(decoding: line.dropFirst(13), as: UTF8.self))
    }

    /// The index of the CRLFCRLF ending the head.
    private static func endOfHead(_ bytes: ArraySlice<UInt8>) -> Int? {
        var index = bytes.startIndex
        while index + 3 < bytes.endIndex {
            if bytes[index] == 13, bytes[index + 1] == 10, bytes[index + 2] == 13, bytes[index + 3] == 10 {
                return index
            }
            index += 1
        }
        return nil
    }

    /// Lines ended by CRLF; a bare CR or LF is a violation caught by the header checks (it is a control byte).
    private static func splitLines(_ head: ArraySlice<UInt8>) -> [ArraySlice<UInt8>] {
        var lines: [ArraySlice<UInt8>] = []
        var start = head.startIndex
        var index = head.startIndex
        while index + 1 < head.endIndex {
            if head[index] == 13, head[index + 1] == 10 {
                lines.append(head[start..<index])
                start = index + 2
                index += 2
            } else {
                index += 1
            }
        }
        lines.append(head[start..<head.endIndex])
        return lines
    }

    private static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: return true
        default: return Array("!#$%&'*+-.^_`|~".utf8).contains(byte)
        }
    }
}

extension String {
    fileprivate var trimmingSpaces: String {
        var text = Substring(self)
        while text.first == " " || text.first == "\t" { text.removeFirst() }
        while text.last == " " || text.last == "\t" { text.removeLast() }
        return String(text)
    }
}

import Foundation

/// Responses read back from the raw bytes of a connection, in order, with their framing: what a test of pipelining
/// or streaming needs beyond ``LoopbackHTTPClient``. Bodies are decoded (`Content-Length` or chunked); a chunked one
/// remembers how many chunks it came in.
package struct RawResponse {
    package var status: Int
    /// Header lines as sent, `Name: value`.
    package var headers: [String]
    package var body: [UInt8]
    /// The number of data chunks of a chunked body; `nil` for a body framed by `Content-Length`.
    package var chunks: Int?

    package var text: String { String(decoding: body, as: UTF8.self) }

    /// The value of the first header with this name (any case).
    package func header(_ name: String) -> String? {
        let prefix = name.lowercased() + ":"
        return headers.first { $0.lowercased().hasPrefix(prefix) }.map {
            String($0.dropFirst(prefix.count)).trimmingCharacters(in: .whitespaces)
        }
    }

    /// Every complete response in `bytes` (answers to GET and POST requests: a body is framed by one of the two).
    package static func parse(_ bytes: [UInt8]) -> [RawResponse] {
        var responses: [RawResponse] = []
        var index = 0
        while let response = next(bytes, &index) { responses.append(response) }
        return responses
    }

    private static func next(_ bytes: [UInt8], _ index: inout Int) -> RawResponse? {
        guard let statusLine = line(bytes, &index) else { return nil }
        let parts = statusLine.split(separator: " ")
        guard parts.count >= 2, let status = Int(parts[1]) else { return nil }
        var headers: [String] = []
        while let header = line(bytes, &index), !header.isEmpty { headers.append(header) }
        var response = RawResponse(status: status, headers: headers, body: [], chunks: nil)
        if response.header("Transfer-Encoding")?.lowercased() == "chunked" {
            var chunks = 0
            while let sizeLine = line(bytes, &index), let size = Int(sizeLine, radix: 16) {
                if size == 0 {
                    _ = line(bytes, &index)
                    response.chunks = chunks
                    return response
                }
                guard index + size <= bytes.count else { return nil }
                response.body += bytes[index..<index + size]
                index += size
                _ = line(bytes, &index)
                chunks += 1
            }
            return nil
        }
        let length = Int(response.header("Content-Length") ?? "0") ?? 0
        guard index + length <= bytes.count else { return nil }
        response.body = Array(bytes[index..<index + length])
        index += length
        return response
    }

    /// The next CRLF-terminated line, without the CRLF.
    private static func line(_ bytes: [UInt8], _ index: inout Int) -> String? {
        var end = index
        while end + 1 < bytes.count, !(bytes[end] == 13 && bytes[end + 1] == 10) { end += 1 }
        guard end + 1 < bytes.count else { return nil }
        defer { index = end + 2 }
        return String(decoding: bytes[index..<end], as: UTF8.self)
    }
}

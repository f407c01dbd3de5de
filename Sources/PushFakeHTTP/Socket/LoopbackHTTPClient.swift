import PushFakeCore

/// A small blocking HTTP/1.1 client over one connection: exact bytes out, framed responses in (`Content-Length`,
/// chunked, or until close; a streamed body chunk by chunk).
///
/// For readiness probes, benchmarks, the CLI's admin commands and tests that need control of the wire
/// (pipelining, malformed requests, slow clients) — not a general HTTP client.
///
/// ```swift
/// let client = try LoopbackHTTPClient(port: server.port)
/// client.send("GET /__pushfake/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
/// let response = client.readResponse()  // status 200, body {"status":"ok","journal":{…}}
/// ```
public final class LoopbackHTTPClient {
    /// One response as received.
    public struct Response: Sendable {
        /// The status code from the status line.
        public var status: Int
        /// The header fields in the order received.
        public var headers: HTTPHeaders
        /// The body bytes (`Content-Length` of them; empty for HEAD).
        public var body: [UInt8]
        /// The body parsed as JSON; `nil` when it is not valid JSON.
        public var json: JSON? { try? JSON.parse(body) }
        /// The body decoded as UTF-8 (invalid bytes become U+FFFD).
        public var text: String { String(decoding: body, as: UTF8.self) }
    }

    /// Why ``readHead(maximumBytes:)`` returned no head.
    public enum HeadFailure: Error, Sendable, Equatable {
        /// The connection closed (or a read timed out) before the head was complete.
        case closed
        /// The head passed this many bytes without its blank line.
        case tooLarge(limit: Int)
        /// The status line is not `HTTP/x.y NNN …`.
        case malformed
    }

    private let socket: Socket
    private var pending: [UInt8] = []
    /// Whether the server closed the connection (a read returned end of file), as opposed to a read timing out.
    public private(set) var closedByPeer = false
    /// Bytes of ``pending`` already searched for the end of a head or a line, so a slow sender's bytes are scanned
    /// once, not on every read.
    private var scanned = 0

    /// Connects; each read waits at most `receiveTimeout` seconds.
    public init(host: String = "127.0.0.1", port: Int, receiveTimeout: Double = 10) throws(PushFakeError) {
        socket = try Socket.connect(host: host, port: port, receiveTimeout: receiveTimeout)
    }

    deinit { socket.close() }

    /// Writes `text` as UTF-8, exactly as given: include the `\r\n`s yourself.
    public func send(_ text: String) {
        send(Array(text.utf8))
    }

    /// Writes every byte (or as many as the peer accepts before closing).
    public func send(_ bytes: [UInt8]) {
        _ = socket.sendAll(bytes)
    }

    /// Sends one request with `Content-Length` framing (plus `Host: 127.0.0.1` and, for a body,
    /// `Content-Type: application/json`, unless `headers` name them) and reads its response.
    public func request(
        _ method: String, _ target: String, body: String? = nil, headers: [(String, String)] = []
    ) -> Response? {
        var text = "\(method) \(target) HTTP/1.1\r\n"
        if !headers.contains(where: { $0.0.lowercased() == "host" }) { text += "Host: 127.0.0.1\r\n" }
        for (name, value) in headers { text += "\(name): \(value)\r\n" }
        if body != nil, !headers.contains(where: { $0.0.lowercased() == "content-type" }) {
            text += "Content-Type: application/json\r\n"
        }
        let bytes = Array((body ?? "").utf8)
        if body != nil || method == "POST" || method == "PUT" { text += "Content-Length: \(bytes.count)\r\n" }
        send(Array((text + "\r\n").utf8) + bytes)
        return readResponse(head: method == "HEAD")
    }

    /// `true` when the server closed the connection without sending anything more.
    public func isClosedByPeer() -> Bool {
        pending.isEmpty && !fill()
    }

    /// Reads one response: a `Content-Length` body, a chunked body (de-chunked), or, with `Connection: close` and
    /// neither, everything until the server closes; no body for HEAD (`head`), 1xx, 204 and 304. `nil` when the
    /// connection closed first.
    public func readResponse(head: Bool = false) -> Response? {
        guard var response = readHead() else { return nil }
        let status = response.status
        if head || (100..<200).contains(status) || status == 204 || status == 304 { return response }
        guard let body = readBody(of: response) else { return nil }
        response.body = body
        return response
    }

    /// Reads the body of a response whose head ``readHead()`` returned, framed as ``readResponse(head:)`` says;
    /// `nil` when the connection closed first.
    public func readBody(of response: Response) -> [UInt8]? {
        if response.headers["Transfer-Encoding"]?.lowercased().contains("chunked") == true {
            var body: [UInt8] = []
            while true {
                guard let chunk = readChunk() else { return nil }
                if chunk.isEmpty { return body }
                body += chunk
            }
        }
        if let length = response.headers["Content-Length"].flatMap({ Int($0) }) {
            // A server this client does not control may send a negative length: no body can be read for it.
            guard length >= 0 else { return nil }
            while pending.count < length {
                guard fill() else { return nil }
            }
            let body = Array(pending[0..<length])
            consume(length)
            return body
        }
        if response.headers["Connection"]?.lowercased() == "close" {
            while fill() {}
            defer { consume(pending.count) }
            return pending
        }
        return []
    }

    /// Reads a response's status line and headers only, leaving its body to ``readChunk()`` (a streamed answer);
    /// `nil` when the connection closed first or the head passed 1 MiB.
    public func readHead() -> Response? {
        try? readHead(maximumBytes: 1 << 20).get()
    }

    /// Reads a response's status line and headers, at most `maximumBytes` of them: a server that never ends its head
    /// is refused, not buffered.
    public func readHead(maximumBytes: Int) -> Result<Response, HeadFailure> {
        while true {
            if let end = headEnd() {
                let lines = String(decoding: pending[0..<end], as: UTF8.self).split(separator: "\r\n")
                let statusLine = lines.first?.split(separator: " ") ?? []
                guard statusLine.count >= 2, statusLine[0].hasPrefix("HTTP/"), let status = Int(statusLine[1]) else {
                    return .failure(.malformed)
                }
                var headers = HTTPHeaders()
                for line in lines.dropFirst() {
                    guard let colon = line.firstIndex(of: ":") else { continue }
                    let value = line[line.index(after: colon)...].drop { $0 == " " || $0 == "\t" }
                    headers.add(name: String(line[..<colon]), value: String(value))
                }
                consume(end + 4)
                return .success(Response(status: status, headers: headers, body: []))
            }
            guard pending.count <= maximumBytes else { return .failure(.tooLarge(limit: maximumBytes)) }
            guard fill() else { return .failure(.closed) }
        }
    }

    /// The bytes received next, raw: what is buffered, else one read's worth; `nil` when the connection closed (or a
    /// read timed out). For a caller that frames a body itself, a piece at a time.
    public func readAvailable() -> [UInt8]? {
        if pending.isEmpty, !fill() { return nil }
        defer { consume(pending.count) }
        return pending
    }

    /// Reads the next chunk of a chunked body after ``readHead()``: its bytes, empty for the last chunk (trailers
    /// skipped), `nil` when the connection closed first.
    public func readChunk() -> [UInt8]? {
        guard let sizeLine = readLine(), let size = Int(sizeLine.prefix { $0 != ";" }.trimmingSpaces, radix: 16),
            size >= 0
        else { return nil }
        if size == 0 {
            while let trailer = readLine() {
                if trailer.isEmpty { return [] }
            }
            return nil
        }
        // `size + 2` traps for a size near `Int.max` (`7fffffffffffffff`): such a chunk cannot be read.
        let (needed, overflow) = size.addingReportingOverflow(2)
        guard !overflow else { return nil }
        while pending.count < needed {
            guard fill() else { return nil }
        }
        let chunk = Array(pending[0..<size])
        consume(needed)
        return chunk
    }

    /// The next CRLF-terminated line without its CRLF.
    private func readLine() -> String? {
        while true {
            let from = max(0, scanned - 1)
            if let index = (from..<max(from, pending.count - 1)).first(where: {
                pending[$0] == 13 && pending[$0 + 1] == 10
            }) {
                let line = String(decoding: pending[0..<index], as: UTF8.self)
                consume(index + 2)
                return line
            }
            scanned = pending.count
            guard fill() else { return nil }
        }
    }

    /// Drops the first `count` bytes of ``pending``.
    private func consume(_ count: Int) {
        pending.removeFirst(count)
        scanned = 0
    }

    private func fill() -> Bool {
        var buffer = [UInt8](repeating: 0, count: 65_536)
        let count = buffer.withUnsafeMutableBytes { socket.receive(into: $0) }
        if count == 0 { closedByPeer = true }
        guard count > 0 else { return false }
        pending += buffer[0..<count]
        return true
    }

    private func headEnd() -> Int? {
        guard pending.count >= 4 else { return nil }
        for index in max(0, scanned - 3)...(pending.count - 4)
        where pending[index] == 13 && pending[index + 1] == 10 && pending[index + 2] == 13 && pending[index + 3] == 10 {
            return index
        }
        scanned = pending.count
        return nil
    }
}

extension StringProtocol {
    /// Without leading and trailing spaces and tabs.
    fileprivate var trimmingSpaces: String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}

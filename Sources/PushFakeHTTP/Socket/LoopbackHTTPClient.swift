import PushFakeCore
import PushFakeHTTP1

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
    /// Reads the answers: the codec's response parser, fed what the socket receives.
    private var parser = HTTP1ResponseParser()
    /// Whether the server closed the connection (a read returned end of file), as opposed to a read timing out.
    public private(set) var closedByPeer = false
    /// Why the last read failed when the answer broke HTTP (its grammar or framing); `nil` after a close or timeout.
    public private(set) var malformation: String?

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
        var request: HTTPHeaders = [:]
        if !headers.contains(where: { HTTPHeaders.namesEqual($0.0, "Host") }) {
            request.add(name: "Host", value: "127.0.0.1")
        }
        for (name, value) in headers { request.add(name: name, value: value) }
        if body != nil, !headers.contains(where: { HTTPHeaders.namesEqual($0.0, "Content-Type") }) {
            request.add(name: "Content-Type", value: "application/json")
        }
        let bytes = Array((body ?? "").utf8)
        if body != nil || method == "POST" || method == "PUT" {
            request.add(name: "Content-Length", value: String(bytes.count))
        }
        var text = "\(method) \(target) HTTP/1.1\r\n"
        for field in request { text += "\(field.name): \(field.value)\r\n" }
        send(Array((text + "\r\n").utf8) + bytes)
        return readResponse(head: method == "HEAD")
    }

    /// `true` when the server closed the connection without sending anything more.
    public func isClosedByPeer() -> Bool {
        parser.bufferedByteCount == 0 && !fill()
    }

    /// Reads one response: a `Content-Length` body, a chunked body (de-chunked), or, with neither, everything until
    /// the server closes; no body for HEAD (`head`), 1xx, 204 and 304. `nil` when the connection closed first.
    public func readResponse(head: Bool = false) -> Response? {
        guard var response = try? readHead(maximumBytes: 1 << 20, headRequest: head).get() else { return nil }
        if (100..<200).contains(response.status) { return response }
        guard let body = readBody(of: response) else { return nil }
        response.body = body
        return response
    }

    /// Reads the body of a response whose head ``readHead()`` returned, framed as ``readResponse(head:)`` says;
    /// `nil` when the connection closed first.
    public func readBody(of response: Response) -> [UInt8]? {
        var body: [UInt8] = []
        while let piece = readBodyPiece() {
            if piece.isEmpty { return body }
            body += piece
        }
        return nil
    }

    /// Reads a response's status line and headers only, leaving its body to ``readBodyPiece()`` or ``readChunk()``
    /// (a streamed answer); `nil` when the connection closed first or the head passed 1 MiB.
    public func readHead() -> Response? {
        try? readHead(maximumBytes: 1 << 20).get()
    }

    /// Reads a response's status line and headers, at most `maximumBytes` of them: a server that never ends its head
    /// is refused, not buffered. An interim answer (1xx) is returned like any other; the real one follows.
    /// `headRequest` says the answer is to a HEAD request, so no body follows whatever its fields say.
    public func readHead(maximumBytes: Int, headRequest: Bool = false) -> Result<Response, HeadFailure> {
        parser.maximumHeadBytes = maximumBytes
        while true {
            switch next(headRequest: headRequest) {
            case .head(let head)?: return .success(Response(status: head.status, headers: head.headers, body: []))
            case .body?, .end?: continue  // the rest of an answer nobody read
            case .needMoreData?: return .failure(.closed)
            case nil:
                switch parserFailure {
                case .headTooLarge?: return .failure(.tooLarge(limit: maximumBytes))
                case .malformed?: return .failure(.malformed)
                case .closedEarly?, nil: return .failure(.closed)
                }
            }
        }
    }

    /// The next bytes of the body whose head ``readHead()`` returned, framing undone, as they arrive: empty once the
    /// body is complete, `nil` when the connection closed first, a read timed out (``closedByPeer`` tells which) or
    /// the framing is broken (``malformation``). For a caller that handles a long or endless body a piece at a time.
    public func readBodyPiece() -> [UInt8]? {
        switch next(headRequest: false) {
        case .body(let bytes)?: return bytes
        case .end?: return []
        case .head?, .needMoreData?, nil: return nil
        }
    }

    /// Reads the next chunk of a chunked body after ``readHead()``: its bytes, empty for the last chunk (trailers
    /// skipped), `nil` when the connection closed first.
    public func readChunk() -> [UInt8]? {
        var chunk: [UInt8] = []
        while let piece = readBodyPiece() {
            if piece.isEmpty || parser.isAtChunkBoundary { return chunk + piece }
            chunk += piece
        }
        return nil
    }

    /// The kind of the last parse failure.
    private var parserFailure: HTTP1ResponseParser.Failure.Kind?

    /// The parser's next event, reading from the socket while it needs more: `.needMoreData` only when a read timed
    /// out; `nil` on a failure (a close too early, or bytes that are not HTTP: ``malformation``).
    private func next(headRequest: Bool) -> HTTP1ResponseParser.Event? {
        parserFailure = nil
        malformation = nil
        while true {
            let event: HTTP1ResponseParser.Event
            do {
                event = try parser.next(headRequest: headRequest)
            } catch {
                parserFailure = error.kind
                malformation = error.kind == .closedEarly ? nil : error.description
                return nil
            }
            guard event == .needMoreData else { return event }
            guard fill() else {
                if closedByPeer {
                    parser.inputEnded()
                    continue
                }
                return .needMoreData
            }
        }
    }

    /// Reads once from the socket into the parser; `false` when the peer closed or the read timed out.
    private func fill() -> Bool {
        var buffer = [UInt8](repeating: 0, count: 65_536)
        let count = buffer.withUnsafeMutableBytes { socket.receive(into: $0) }
        if count == 0 { closedByPeer = true }
        guard count > 0 else { return false }
        parser.append(buffer[0..<count])
        return true
    }
}

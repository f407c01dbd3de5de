/// Reads HTTP/1.1 responses from bytes fed in any pieces: heads (interim 1xx ones too), then each body undone of
/// its framing — `Content-Length`, chunked, or up to the close (RFC 9112 §6.3) — a piece at a time, never holding a
/// chunk whole. Pure: no sockets, no clock; the client side of the codec, for PushFake's own small clients.
///
/// ```swift
/// var parser = HTTP1ResponseParser()
/// parser.append(Array("HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\n{}".utf8))
/// try parser.next()  // .head(status 200, …)
/// try parser.next()  // .body([0x7B, 0x7D])
/// try parser.next()  // .end: the next response may follow on the connection
/// ```
public struct HTTP1ResponseParser: Sendable {
    /// What the bytes so far complete.
    public enum Event: Sendable, Equatable {
        /// A response head. An interim one (1xx) is followed by another head, not a body.
        case head(HTTP1ResponseHead)
        /// The next bytes of the body, framing removed.
        case body([UInt8])
        /// The body (or the bodyless response) is complete; the parser waits for the next response.
        case end
        /// More bytes, or ``inputEnded()``, are needed.
        case needMoreData
    }

    /// Why the bytes are not an HTTP/1.1 response, or ended too soon.
    public struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
        /// The kinds of failure a client tells apart.
        public enum Kind: Sendable, Equatable {
            /// The bytes break the grammar or the framing.
            case malformed
            /// The head passed ``HTTP1ResponseParser/maximumHeadBytes`` without its end.
            case headTooLarge
            /// The connection closed before the response was complete.
            case closedEarly
        }

        public let kind: Kind
        public let description: String

        init(_ description: String, _ kind: Kind = .malformed) {
            self.kind = kind
            self.description = description
        }
    }

    enum State: Sendable, Equatable {
        case head
        case length(remaining: Int)
        case untilClose
        case chunkSize
        case chunkData(remaining: Int)
        case chunkDataEnd
        case trailers
        case ended
    }

    /// Unread bytes are `buffer[start...]`.
    var buffer: [UInt8] = []
    var start = 0
    /// Bytes of the buffer already searched for the end of the head.
    var scanned = 0
    var state = State.head
    var inputClosed = false
    /// The most bytes a head (status line and fields) may take; a peer that never ends its head is refused, not
    /// buffered.
    public var maximumHeadBytes: Int
    /// The framing of the body being read, once its head is read.
    public internal(set) var framing: HTTP1BodyFraming?

    /// A parser that refuses heads over `maximumHeadBytes`.
    public init(maximumHeadBytes: Int = 1 << 20) {
        self.maximumHeadBytes = maximumHeadBytes
    }

    /// Bytes received and not yet parsed.
    public var bufferedByteCount: Int { buffer.count &- start }

    /// Whether ``inputEnded()`` was called.
    public var isClosed: Bool { inputClosed }

    /// Whether the parser is between responses (nothing of the next one parsed yet).
    public var isAtResponseBoundary: Bool { state == .head && bufferedByteCount == 0 }

    /// Whether the body being read is chunked and its last event ended a chunk's data (or no chunk began yet): how
    /// a client that hands out whole chunks knows one is complete.
    public var isAtChunkBoundary: Bool {
        switch state {
        case .chunkDataEnd, .chunkSize: return true
        default: return false
        }
    }

    /// Adds received bytes.
    public mutating func append(_ bytes: some Collection<UInt8>) {
        if start > 0, start == buffer.count {
            buffer.removeAll(keepingCapacity: true)
            start = 0
            scanned = 0
        }
        buffer.append(contentsOf: bytes)
    }

    /// The peer closed: a body that lasts until the close ends; anything else cut short fails.
    public mutating func inputEnded() {
        inputClosed = true
    }

    /// The next event. `headRequest` says the response answers a HEAD request, so it has no body whatever its
    /// fields say (RFC 9110 §9.3.2).
    public mutating func next(headRequest: Bool = false) throws(Failure) -> Event {
        switch state {
        case .head:
            return try nextHead(headRequest: headRequest)
        case .ended:
            state = .head
            framing = nil
            return .end
        default:
            return try nextBody()
        }
    }

    /// Drops consumed bytes once they are most of the buffer.
    mutating func compact() {
        guard start > 4096, start &* 2 > buffer.count else { return }
        buffer.removeFirst(start)
        scanned = max(0, scanned &- start)
        start = 0
    }

    private mutating func nextHead(headRequest: Bool) throws(Failure) -> Event {
        guard let end = headEnd() else {
            // Up to three bytes may already be the blank line's start: the same head fails however it is split.
            guard bufferedByteCount &- 3 <= maximumHeadBytes else {
                throw Failure("the response head passed \(maximumHeadBytes) bytes without its end", .headTooLarge)
            }
            if inputClosed {
                throw Failure(
                    bufferedByteCount == 0 ? "the connection closed" : "the connection closed mid-head", .closedEarly)
            }
            return .needMoreData
        }
        guard end &- start <= maximumHeadBytes else {
            throw Failure("the response head passed \(maximumHeadBytes) bytes without its end", .headTooLarge)
        }
        // A Result, not a typed-throwing closure: Swift 6.0's withUnsafeBufferPointer rethrows untyped.
        let read = buffer.withUnsafeBufferPointer { bytes in
            Result { () throws(Failure) in try HTTP1ResponseHeadReader.read(bytes, start..<end) }
        }
        let head = try read.get()
        start = end &+ 4
        scanned = start
        compact()
        if (100..<200).contains(head.status) { return .head(head) }
        let framing = try Self.framing(of: head, headRequest: headRequest)
        self.framing = framing
        switch framing {
        case .length(let length): state = length == 0 ? .ended : .length(remaining: length)
        case .chunked: state = .chunkSize
        case .untilClose: state = .untilClose
        }
        return .head(head)
    }

    /// Where the blank line ending the head starts, scanning each byte once across calls.
    private mutating func headEnd() -> Int? {
        var index = max(start, scanned &- 3)
        while index &+ 3 < buffer.count {
            if buffer[index] == 13, buffer[index &+ 1] == 10, buffer[index &+ 2] == 13, buffer[index &+ 3] == 10 {
                return index
            }
            index &+= 1
        }
        scanned = buffer.count
        return nil
    }

    /// How the body after `head` is delimited (RFC 9112 §6.3).
    static func framing(of head: HTTP1ResponseHead, headRequest: Bool) throws(Failure) -> HTTP1BodyFraming {
        if headRequest || HTTP1ResponseHead.isBodyless(head.status) { return .length(0) }
        let codings = head.headers.values(for: "Transfer-Encoding")
        if !codings.isEmpty {
            let last = codings.joined(separator: ",").split(separator: ",").last.map(Self.trimmed) ?? ""
            // Chunked not last: only the close ends the body.
            return last.lowercased() == "chunked" ? .chunked : .untilClose
        }
        let lengths = head.headers.values(for: "Content-Length")
        guard !lengths.isEmpty else { return .untilClose }
        var length: Int?
        for text in lengths.joined(separator: ",").split(separator: ",", omittingEmptySubsequences: false) {
            let digits = Self.trimmed(text)
            guard !digits.isEmpty, digits.count <= 18, digits.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }),
                let value = Int(digits), length == nil || length == value
            else { throw Failure("the Content-Length \(lengths.joined(separator: ", ").prefix(64)) is not one length") }
            length = value
        }
        return .length(length ?? 0)
    }

    static func trimmed(_ text: Substring) -> String {
        String(text.drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}

/// An incremental HTTP/1.1 request parser: bytes in, ``HTTP1ParserEvent``s out, no I/O.
///
/// Append whatever `recv` returned, then call ``next()`` until it returns ``HTTP1ParserEvent/needMoreData``.
/// Pipelined requests come out one per call, in order; a request split across any number of reads comes out
/// exactly as if it had arrived whole (apart from ``HTTP1ParserEvent/continueExpected``, which only appears
/// while a body is still missing).
///
/// ```swift
/// var parser = HTTP1Parser()
/// parser.append(Array("POST /a HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\n\r\nhi".utf8))
/// while case .request(let request) = parser.next() {
///     print(request.method, request.target, request.body.count)  // POST /a 2
/// }
/// ```
public struct HTTP1Parser: Sendable {
    /// Size limits; exceeding them fails the request with 431 (head) or 413 (body).
    public struct Limits: Sendable, Equatable {
        /// The most bytes the request line and headers may take, blank line included.
        public var maxHeadBytes: Int
        /// The largest body, declared by Content-Length or summed over chunks.
        public var maxBodyBytes: Int
        /// How many of the first bytes of a request the parser keeps for ``HTTP1Parser/requestBytes``, so a
        /// request that fails or never completes can be logged as received.
        public var maxSampleBytes: Int

        /// Creates limits; the defaults are 64 KiB of head, 10 MiB of body and a 4 KiB sample.
        public init(maxHeadBytes: Int = 65_536, maxBodyBytes: Int = 10 * 1_048_576, maxSampleBytes: Int = 4_096) {
            self.maxHeadBytes = maxHeadBytes
            self.maxBodyBytes = maxBodyBytes
            self.maxSampleBytes = maxSampleBytes
        }
    }

    enum Phase {
        case head
        case body(HTTP1HeadParser.Framing)
        case failed(HTTP1ParseError)
    }

    /// Empty lines tolerated before a request line (RFC 9112 §2.2 asks for at least one).
    static let maxLeadingEmptyLines = 8
    /// Consumed bytes are dropped lazily, once they are this many and at least half the buffer.
    private static let compactionThreshold = 4_096
    /// An emptied buffer keeps its capacity unless it grew past this (after a large body).
    private static let retainedCapacity = 262_144

    /// The limits this parser enforces.
    public let limits: Limits
    /// The largest body of one request when it differs from ``Limits/maxBodyBytes`` (a server that takes larger
    /// uploads on some routes than on others): asked once per request whose head announces a body, with the
    /// request's line and headers; `nil` applies ``Limits/maxBodyBytes`` to every request.
    public let bodyLimit: (@Sendable (HTTP1Request) -> Int)?
    var storage: [UInt8] = []
    var readIndex = 0
    var phase = Phase.head
    /// Bytes after `readIndex` already searched for the blank line that ends the head.
    var headScanned = 0
    var leadingEmptyLines = 0
    var pending: HTTP1Request?
    var chunkedDecoder: HTTP1ChunkedDecoder?
    var chunkedBody: [UInt8] = []
    var continuePending = false
    /// Where the request being read begins in `storage`; bytes before it belong to answered requests.
    var requestStart = 0
    /// The first bytes of the request being read once `storage` no longer holds them (see `requestBytes`).
    var sample: [UInt8] = []

    /// Creates a parser with the given limits, and optionally a body limit per request.
    public init(limits: Limits = Limits(), bodyLimit: (@Sendable (HTTP1Request) -> Int)? = nil) {
        self.limits = limits
        self.bodyLimit = bodyLimit
    }

    /// Adds received bytes. After an error they are ignored: the connection is about to close.
    public mutating func append(_ bytes: UnsafeRawBufferPointer) {
        guard prepareToAppend() else { return }
        // Viewing the raw bytes as UInt8 makes the append one memcpy instead of a byte loop.
        bytes.withMemoryRebound(to: UInt8.self) { storage.append(contentsOf: $0) }
    }

    /// Adds received bytes. After an error they are ignored: the connection is about to close.
    public mutating func append(_ bytes: [UInt8]) {
        guard prepareToAppend() else { return }
        storage.append(contentsOf: bytes)
    }

    /// The first bytes (at most ``Limits/maxSampleBytes``) of the request being read, or after an error of the
    /// request that failed: what a server journals for a request it rejects or that timed out. Empty between
    /// requests. Copies only the bytes it returns.
    public var requestBytes: [UInt8] {
        if case .failed = phase { return sample }
        let room = limits.maxSampleBytes - sample.count
        guard room > 0, requestStart < storage.count else { return sample }
        return sample + storage[requestStart..<min(storage.count, requestStart + room)]
    }

    /// Bytes held but not yet consumed by a complete request, for idle and slow-client detection.
    public var bufferedByteCount: Int { storage.count - readIndex }

    /// Whether part of a request has arrived: a head in progress or a body still missing.
    /// Empty lines between requests do not count, so a keep-alive connection that received a stray
    /// CRLF still reads as idle.
    public var isMidRequest: Bool {
        switch phase {
        case .body: return true
        case .failed: return false
        case .head:
            return storage[readIndex...].contains { $0 != HTTP1Grammar.carriageReturn && $0 != HTTP1Grammar.lineFeed }
        }
    }

    /// Returns the next event; call repeatedly until ``HTTP1ParserEvent/needMoreData``.
    public mutating func next() -> HTTP1ParserEvent {
        do throws(HTTP1ParseError) {
            if case .failed(let error) = phase { return .error(error) }
            if case .head = phase {
                guard try readHead() else { return .needMoreData }
            }
            if let request = try readBody() { return .request(request) }
            if continuePending {
                continuePending = false
                return .continueExpected
            }
            return .needMoreData
        } catch {
            fail(error)
            return .error(error)
        }
    }

    /// Keeps the first bytes of the failed request (``requestBytes``) and lets go of everything else.
    private mutating func fail(_ error: HTTP1ParseError) {
        sample = requestBytes
        phase = .failed(error)
        pending = nil
        chunkedDecoder = nil
        chunkedBody = []
        storage = []
        readIndex = 0
        requestStart = 0
    }

    /// Drops consumed bytes when that is cheap or overdue; returns `false` after an error.
    private mutating func prepareToAppend() -> Bool {
        if case .failed = phase { return false }
        if readIndex == storage.count {
            keepSample(before: readIndex)
            storage.removeAll(keepingCapacity: storage.capacity <= Self.retainedCapacity)
            readIndex = 0
        } else if readIndex >= Self.compactionThreshold && readIndex >= storage.count / 2 {
            keepSample(before: readIndex)
            storage.removeSubrange(0..<readIndex)
            readIndex = 0
        }
        return true
    }

    /// Before `storage[..<end]` is dropped: copies what it holds of the request being read (a chunked body
    /// consumed as it streams in) into `sample`, up to the limit. Only then does the parser copy request bytes.
    private mutating func keepSample(before end: Int) {
        if requestStart < end {
            let room = limits.maxSampleBytes - sample.count
            if room > 0 { sample.append(contentsOf: storage[requestStart..<min(end, requestStart + room)]) }
        }
        requestStart = 0
    }
}

extension HTTP1Parser {
    typealias G = HTTP1Grammar

    /// Parses the head once its blank line has arrived; returns `false` while it has not.
    mutating func readHead() throws(HTTP1ParseError) -> Bool {
        guard try skipLeadingEmptyLines() else { return false }
        try checkMethodPrefix()
        let maxHead = limits.maxHeadBytes
        let found = storage.withUnsafeBufferPointer { bytes in
            Self.findHeadEnd(bytes, from: readIndex, scanned: &headScanned)
        }
        guard let headEnd = found else {
            // The blank line can only end past everything buffered, so waiting cannot make it fit.
            guard storage.count - readIndex <= maxHead else { throw .headTooLarge(limit: maxHead) }
            return false
        }
        guard headEnd - readIndex <= maxHead else { throw .headTooLarge(limit: maxHead) }
        // Swift 6.0's withUnsafeBufferPointer rethrows `any Error`; the Result keeps the error's type.
        var request: HTTP1Request?
        let parsed = storage.withUnsafeBufferPointer { bytes in
            Result { () throws(HTTP1ParseError) in
                try HTTP1HeadParser.parse(
                    bytes, readIndex..<headEnd, maxBodyBytes: limits.maxBodyBytes, bodyLimit: bodyLimit,
                    into: &request)
            }
        }
        let head = try parsed.get()
        readIndex = headEnd
        headScanned = 0
        leadingEmptyLines = 0
        phase = .body(head.framing)
        if case .chunked = head.framing {
            chunkedDecoder = HTTP1ChunkedDecoder(maxBodyBytes: head.maxBodyBytes, maxTrailerBytes: maxHead)
        }
        continuePending = request?.expectsContinue == true && head.framing != .none
        pending = request.take()
        return true
    }

    /// How many first bytes of a request line ``checkMethodPrefix()`` looks at.
    static let methodPrefixBytes = 32

    /// Fails at once when the first bytes cannot start a request line — a TLS ClientHello (0x16 0x03), binary
    /// garbage — instead of waiting for a blank line that may never come (and answering 408 much later). The method
    /// is `1*tchar` followed by SP (RFC 9112 §3); any other byte before the first SP is an error now, whether or not
    /// the rest of the head has arrived. Only the first ``methodPrefixBytes`` are looked at, so a head that trickles
    /// in costs nothing more; and the error is the one the whole head would give ("invalid method"), so a request
    /// fails the same however it is split.
    private func checkMethodPrefix() throws(HTTP1ParseError) {
        let end = min(storage.count, readIndex + Self.methodPrefixBytes)
        var index = readIndex
        while index < end && G.isTokenByte(storage[index]) { index += 1 }
        guard index < end else { return }
        guard index > readIndex, storage[index] == G.space else { throw .badRequest("invalid method") }
    }

    /// Consumes CRLF / LF lines before a request line; returns `false` when it needs more bytes to decide.
    private mutating func skipLeadingEmptyLines() throws(HTTP1ParseError) -> Bool {
        while readIndex < storage.count {
            let length: Int
            if storage[readIndex] == G.lineFeed {
                length = 1
            } else if storage[readIndex] == G.carriageReturn {
                guard readIndex + 1 < storage.count else { return false }
                // CR followed by anything else starts a (malformed) request line; the head parser rejects it.
                guard storage[readIndex + 1] == G.lineFeed else { return true }
                length = 2
            } else {
                return true
            }
            leadingEmptyLines += 1
            guard leadingEmptyLines <= Self.maxLeadingEmptyLines else {
                throw .badRequest("too many empty lines before request")
            }
            readIndex += length
            // Empty lines are not part of the request that follows.
            if sample.isEmpty { requestStart = readIndex }
        }
        return false
    }

    /// The index just past the LF of the blank line that ends the head, or `nil` while it is missing.
    static func findHeadEnd(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, scanned: inout Int) -> Int? {
        var index = G.indexOfLineFeed(bytes, from: start + scanned, to: bytes.count)
        while index < bytes.count {
            // An empty line after this LF is either LF or CR LF.
            let next = index + 1
            guard next < bytes.count else { break }
            if bytes[next] == G.lineFeed { return next + 1 }
            if bytes[next] == G.carriageReturn {
                guard next + 1 < bytes.count else { break }
                if bytes[next + 1] == G.lineFeed { return next + 2 }
            }
            index = G.indexOfLineFeed(bytes, from: next, to: bytes.count)
        }
        scanned = index - start
        return nil
    }

    /// Returns the request once its body is complete.
    mutating func readBody() throws(HTTP1ParseError) -> HTTP1Request? {
        guard case .body(let framing) = phase else { return nil }
        var body: [UInt8] = []
        switch framing {
        case .none:
            break
        case .length(let length):
            guard storage.count - readIndex >= length else { return nil }
            body = Array(storage[readIndex..<readIndex + length])
            readIndex += length
        case .chunked:
            guard var decoder = chunkedDecoder else { return nil }
            readIndex += try decoder.decode(storage, from: readIndex, into: &chunkedBody)
            chunkedDecoder = decoder
            guard decoder.isComplete else { return nil }
            swap(&body, &chunkedBody)
            chunkedDecoder = nil
        }
        phase = .head
        continuePending = false
        requestStart = readIndex
        if !sample.isEmpty { sample.removeAll(keepingCapacity: true) }
        // The body goes in place and take() moves the request out: binding it to a local first made the optimizer
        // copy it (and every String and array it holds) and destroy the original.
        pending?.body = body
        return pending.take()
    }
}

/// Decodes a `Transfer-Encoding: chunked` body (RFC 9112 §7.1) as its bytes arrive.
///
/// Chunk data is copied into the body as soon as it is buffered, so a large chunked upload is never held
/// twice. Size and trailer lines are only interpreted once their LF has arrived; the length limits are
/// checked so that the outcome is the same however the input was split.
struct HTTP1ChunkedDecoder {
    private enum State {
        case sizeLine
        case data(remaining: Int)
        case dataEnd
        case trailerLine
        case done
    }

    typealias G = HTTP1Grammar

    /// A chunk-size line with extensions longer than this is an attack or a bug, not a client.
    static let maxSizeLineBytes = 4_096

    private let maxBodyBytes: Int
    private let maxTrailerBytes: Int
    private var state = State.sizeLine
    private var bodyBytes = 0
    private var trailerBytes = 0
    /// How much of the current unfinished line was already searched for its LF (avoids quadratic rescans).
    private var scanned = 0

    init(maxBodyBytes: Int, maxTrailerBytes: Int) {
        self.maxBodyBytes = maxBodyBytes
        self.maxTrailerBytes = maxTrailerBytes
    }

    /// Whether the last chunk and the trailer section have been read.
    var isComplete: Bool {
        if case .done = state { return true }
        return false
    }

    /// Reads from `storage[start...]`, appending chunk data to `body`.
    /// - Returns: how many bytes were consumed; the caller drops them from its buffer.
    mutating func decode(_ storage: [UInt8], from start: Int, into body: inout [UInt8]) throws(HTTP1ParseError) -> Int {
        // Swift 6.0's withUnsafeBufferPointer rethrows `any Error`; the Result keeps the error's type.
        let consumed = storage.withUnsafeBufferPointer { bytes in
            Result { () throws(HTTP1ParseError) -> Int in
                var index = start
                while index < bytes.count, try step(bytes, &index, &body) {}
                return index - start
            }
        }
        return try consumed.get()
    }

    /// Advances over one syntactic element; returns `false` when it needs more bytes or is done.
    private mutating func step(
        _ bytes: UnsafeBufferPointer<UInt8>,
        _ index: inout Int,
        _ body: inout [UInt8]
    ) throws(HTTP1ParseError) -> Bool {
        switch state {
        case .sizeLine:
            let tooLong = HTTP1ParseError.badRequest("chunk size line too long")
            guard let line = try nextLine(bytes, &index, limit: Self.maxSizeLineBytes, tooLong: tooLong) else {
                return false
            }
            let size = try chunkSize(bytes, line)
            state = size == 0 ? .trailerLine : .data(remaining: size)
            bodyBytes += size
        case .data(let remaining):
            let count = min(remaining, bytes.count - index)
            body.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[index..<index + count]))
            index += count
            state = count == remaining ? .dataEnd : .data(remaining: remaining - count)
        case .dataEnd:
            if bytes[index] == G.carriageReturn {
                guard index + 1 < bytes.count else { return false }
                index += 1
            }
            guard bytes[index] == G.lineFeed else { throw .badRequest("missing CRLF after chunk data") }
            index += 1
            state = .sizeLine
        case .trailerLine:
            let limit = maxTrailerBytes - trailerBytes
            guard let line = try nextLine(bytes, &index, limit: limit, tooLong: .trailersTooLarge) else {
                return false
            }
            trailerBytes += line.count + 1
            guard !line.isEmpty else {
                state = .done
                return false
            }
            // Trailers are dropped, but a malformed one still means a malformed message.
            var ignored = HTTP1HeaderFacts()
            _ = try ignored.parseField(bytes, line)
        case .done:
            return false
        }
        return true
    }

    /// The next complete line without its CRLF or LF, or `nil` while its LF has not arrived.
    /// A line whose bytes (CR included) exceed `limit` fails, whether or not its LF has arrived yet.
    private mutating func nextLine(
        _ bytes: UnsafeBufferPointer<UInt8>,
        _ index: inout Int,
        limit: Int,
        tooLong: HTTP1ParseError
    ) throws(HTTP1ParseError) -> Range<Int>? {
        var position = G.indexOfLineFeed(bytes, from: index + scanned, to: bytes.count)
        guard position - index <= limit else { throw tooLong }
        guard position < bytes.count else {
            scanned = position - index
            return nil
        }
        scanned = 0
        let start = index
        index = position + 1
        if position > start && bytes[position - 1] == G.carriageReturn { position -= 1 }
        return start..<position
    }

    /// `chunk-size [ chunk-ext ]` (RFC 9112 §7.1.1); extensions are checked for stray controls and ignored.
    private func chunkSize(_ bytes: UnsafeBufferPointer<UInt8>, _ line: Range<Int>) throws(HTTP1ParseError) -> Int {
        var index = line.lowerBound
        var size = 0
        var tooLarge = false
        while index < line.upperBound, let digit = G.hexValue(bytes[index]) {
            if size > maxBodyBytes || size > (Int.max - 15) / 16 { tooLarge = true } else { size = size * 16 + digit }
            index += 1
        }
        guard index > line.lowerBound else { throw .badRequest("invalid chunk size") }
        while index < line.upperBound && G.isWhitespace(bytes[index]) { index += 1 }
        if index < line.upperBound {
            guard bytes[index] == G.semicolon else { throw .badRequest("invalid chunk size") }
            for position in index..<line.upperBound where !G.isFieldValueByte(bytes[position]) {
                throw .badRequest("invalid chunk extension")
            }
        }
        guard !tooLarge, size <= maxBodyBytes - bodyBytes else { throw .bodyTooLarge(limit: maxBodyBytes) }
        return size
    }
}

extension HTTP1ResponseParser {
    /// The longest chunk-size or trailer line read.
    static let maximumLineBytes = 4_096

    /// The next piece of the body, or its end.
    mutating func nextBody() throws(Failure) -> Event {
        while true {
            switch state {
            case .length(let remaining):
                guard bufferedByteCount > 0 else { return try starved("mid-body") }
                let piece = take(min(remaining, bufferedByteCount))
                state = remaining &- piece.count > 0 ? .length(remaining: remaining &- piece.count) : .ended
                return .body(piece)
            case .untilClose:
                guard bufferedByteCount > 0 else {
                    guard inputClosed else { return .needMoreData }
                    state = .ended
                    continue
                }
                return .body(take(bufferedByteCount))
            case .chunkData(let remaining):
                guard bufferedByteCount > 0 else { return try starved("mid-chunk") }
                let piece = take(min(remaining, bufferedByteCount))
                state = remaining &- piece.count > 0 ? .chunkData(remaining: remaining &- piece.count) : .chunkDataEnd
                return .body(piece)
            case .chunkSize, .chunkDataEnd, .trailers:
                guard let line = try nextLine() else { return try starved("mid-chunk") }
                try endLine(line)
            case .ended:
                state = .head
                framing = nil
                return .end
            case .head:
                return .needMoreData
            }
        }
    }

    /// No bytes to go on with: wait, or fail when the peer already closed.
    private func starved(_ where: String) throws(Failure) -> Event {
        guard !inputClosed else { throw Failure("the connection closed \(`where`)", .closedEarly) }
        return .needMoreData
    }

    /// The next `count` unread bytes, consumed.
    private mutating func take(_ count: Int) -> [UInt8] {
        let piece = Array(buffer[start..<(start &+ count)])
        start &+= count
        compact()
        return piece
    }

    /// The next line without its LF (and the CR before it), consumed; `nil` when it is not complete yet.
    private mutating func nextLine() throws(Failure) -> ArraySlice<UInt8>? {
        guard let lineFeed = buffer[start...].firstIndex(of: 10) else {
            guard bufferedByteCount <= Self.maximumLineBytes else {
                throw Failure("a chunk-size or trailer line passed \(Self.maximumLineBytes) bytes")
            }
            return nil
        }
        guard lineFeed &- start <= Self.maximumLineBytes else {
            throw Failure("a chunk-size or trailer line passed \(Self.maximumLineBytes) bytes")
        }
        var end = lineFeed
        if end > start, buffer[end &- 1] == 13 { end &-= 1 }
        let line = buffer[start..<end]
        start = lineFeed &+ 1
        return line
    }

    private mutating func endLine(_ line: ArraySlice<UInt8>) throws(Failure) {
        switch state {
        case .chunkSize:
            // chunk-size [ chunk-ext ] (RFC 9112 §7.1); whitespace before the extension is tolerated.
            let digits = line.prefix { $0 != 0x3B && $0 != 0x20 && $0 != 0x09 }
            guard !digits.isEmpty, digits.count <= 15, digits.allSatisfy(\.isHexDigit),
                let size = Int(String(decoding: digits, as: UTF8.self), radix: 16)
            else {
                throw Failure(
                    "\(String(decoding: line.prefix(64), as: UTF8.self).debugDescription) is not a chunk size")
            }
            state = size == 0 ? .trailers : .chunkData(remaining: size)
        case .chunkDataEnd:
            guard line.isEmpty else { throw Failure("a chunk does not end with CRLF") }
            state = .chunkSize
        case .trailers:
            if line.isEmpty { state = .ended }
        default:
            break
        }
        compact()
    }
}

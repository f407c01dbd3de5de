import PushFakeHTTP1

/// The response parser's properties, on the same fuzzed input read as a server's answer: the events do not depend
/// on how the bytes were split, a failure is the same failure however they were split, and every response the
/// serializer writes for a fuzzed request reads back as the same status, fields and body.
enum HTTP1FuzzResponse {
    /// What one feeding produced: heads and whole bodies in order, then the failure, if any.
    struct Outcome: Equatable {
        var events: [String] = []
        var failure: HTTP1ResponseParser.Failure?
    }

    /// Compares the input fed whole with the same input cut at `cuts` and, when short, one byte at a time.
    static func checkSplits(_ input: [UInt8], cuts: [Int]) throws(HTTP1FuzzCheck.Violation) {
        let whole = read([input])
        var pieces: [[UInt8]] = []
        var from = 0
        for cut in cuts + [input.count] {
            pieces.append(Array(input[from..<cut]))
            from = cut
        }
        guard read(pieces) == whole else { throw .init("response events differ when split", whole, read(pieces)) }
        if input.count <= 256 {
            let bytes = read(input.map { [$0] })
            guard bytes == whole else { throw .init("response events differ byte at a time", whole, bytes) }
        }
    }

    /// A response echoing `request`'s fields and body, with `Content-Length` and chunked, reads back unchanged.
    static func checkRoundTrip(of request: HTTP1Request) throws(HTTP1FuzzCheck.Violation) {
        let head = HTTP1ResponseHead(status: 200, headers: request.headers)
        for framing in [HTTP1BodyFraming.length(request.body.count), .chunked] {
            var output: [UInt8] = []
            HTTP1Serializer.appendHead(head, framing: framing, keepAlive: true, into: &output)
            if framing == .chunked {
                HTTP1Serializer.appendChunk(request.body, into: &output)
                output += HTTP1Serializer.lastChunk
            } else {
                output += request.body
            }
            var parser = HTTP1ResponseParser()
            parser.append(output)
            var body: [UInt8] = []
            var parsed: HTTP1ResponseHead?
            reading: while true {
                switch try? parser.next() {
                case .head(let value)?: parsed = value
                case .body(let piece)?: body += piece
                case .end?: break reading
                case .needMoreData?, nil: throw .init("serialized response does not read back", framing, request)
                }
            }
            guard parsed?.status == 200, body == request.body else {
                throw .init("serialized response reads back different", framing, request)
            }
        }
    }

    private static func read(_ pieces: [[UInt8]]) -> Outcome {
        var parser = HTTP1ResponseParser(maximumHeadBytes: 512)
        var outcome = Outcome()
        var body: [UInt8] = []
        for piece in pieces {
            parser.append(piece)
            guard drain(&parser, &outcome, &body) else { return outcome }
        }
        parser.inputEnded()
        _ = drain(&parser, &outcome, &body)
        return outcome
    }

    /// Reads events until more input is needed; `false` after a failure.
    private static func drain(
        _ parser: inout HTTP1ResponseParser, _ outcome: inout Outcome, _ body: inout [UInt8]
    ) -> Bool {
        while true {
            do {
                switch try parser.next() {
                case .needMoreData: return true
                case .head(let head):
                    outcome.events.append("head \(head.status) \(head.reason ?? "") \(head.headers.fields)")
                case .body(let piece): body += piece
                case .end:
                    outcome.events.append("body \(body)")
                    body = []
                }
            } catch {
                outcome.failure = error
                return false
            }
        }
    }
}

import PushFakeHTTP1

/// The properties the server relies on, checked for one arbitrary input: the body of the libFuzzer target
/// (`LLVMFuzzerTestOneInput`, built by scripts/fuzz-http from the codec's sources alone) and of the test that
/// replays the seed corpus in fixtures/fuzz/http1.
///
/// Beyond "no crash", every input is checked for:
/// - the events do not depend on how the bytes were split across reads (two cuts, three cuts, and one byte at a
///   time for short inputs), `continueExpected` aside;
/// - nothing but the same error comes after an error, and errors carry one of the documented statuses;
/// - the bytes kept of a rejected request are the start of that request as sent, however the input was split;
/// - `continueExpected` appears at most once per request;
/// - every parsed request, written back canonically, parses to the same value;
/// - a response echoing the request's headers serializes to a well-framed message, and so does a chunked one, and
///   both read back through the response parser;
/// - read as a server's answer, the input gives the same response events however it is split
///   (``HTTP1ResponseParser``).
public enum HTTP1FuzzCheck {
    static let limits = HTTP1Parser.Limits(maxHeadBytes: 512, maxBodyBytes: 2_048, maxSampleBytes: 300)
    static let errorStatuses: Set<Int> = [400, 413, 431, 501, 505]

    /// What one feeding of the input produced.
    struct Outcome {
        var events: [HTTP1ParserEvent] = []
        /// ``HTTP1Parser/requestBytes`` after the error, if there was one.
        var rejected: [UInt8]?
    }

    /// Runs every check on `input`; returns what was violated, or `nil` when all hold.
    public static func check(_ input: [UInt8]) -> String? {
        do throws(Violation) {
            try checkOrThrow(input)
            return nil
        } catch {
            return error.description
        }
    }

    /// A violated property and the details to reproduce it.
    struct Violation: Error, CustomStringConvertible {
        let description: String
        init(_ what: String, _ details: Any...) {
            description = "invariant violated: \(what) \(details)"
        }
    }

    private static func checkOrThrow(_ input: [UInt8]) throws(Violation) {
        let whole = try drain([input], limits: limits)
        if let kept = whole.rejected {
            // Fed whole, the rejected request runs to the end of the input unless the sample limit cut it.
            guard kept.count <= limits.maxSampleBytes,
                kept.count == limits.maxSampleBytes || input.suffix(kept.count).elementsEqual(kept)
            else { throw Violation("rejected bytes are not the failed request", kept) }
        }
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in input { hash = (hash ^ UInt64(byte)) &* 0x0100_0000_01B3 }
        let first = Int(hash % UInt64(input.count + 1))
        let second = first + Int((hash >> 32) % UInt64(input.count - first + 1))

        try expectSame(whole, try drain([Array(input[..<first]), Array(input[first...])], limits: limits), "two")
        let three = [Array(input[..<first]), Array(input[first..<second]), Array(input[second...])]
        try expectSame(whole, try drain(three, limits: limits), "three")
        if input.count <= 256 {
            try expectSame(whole, try drain(input.map { [$0] }, limits: limits), "byte at a time")
        }
        try HTTP1FuzzResponse.checkSplits(input, cuts: [first, second])
        for case .request(let request) in whole.events {
            let again = try drain([canonicalBytes(request)], limits: HTTP1Parser.Limits())
            guard again.events == [.request(request)] else { throw Violation("canonical round trip", request, again) }
            try HTTP1FuzzFraming.checkEcho(of: request)
            try HTTP1FuzzResponse.checkRoundTrip(of: request)
        }
    }

    /// Feeds `pieces` one append at a time and collects events, checking the per-stream invariants.
    private static func drain(_ pieces: [[UInt8]], limits: HTTP1Parser.Limits) throws(Violation) -> Outcome {
        var parser = HTTP1Parser(limits: limits)
        var outcome = Outcome()
        var continuesForThisRequest = 0
        var fed = 0
        for piece in pieces {
            parser.append(piece)
            fed += piece.count
            while true {
                let event = parser.next()
                guard parser.bufferedByteCount >= 0, parser.bufferedByteCount <= fed else {
                    throw Violation("buffered count", event)
                }
                switch event {
                case .needMoreData:
                    break
                case .continueExpected:
                    continuesForThisRequest += 1
                    guard continuesForThisRequest == 1 else { throw Violation("continueExpected twice", outcome) }
                    outcome.events.append(event)
                    continue
                case .request:
                    continuesForThisRequest = 0
                    outcome.events.append(event)
                    continue
                case .error(let error):
                    guard errorStatuses.contains(error.status) else { throw Violation("undocumented status", error) }
                    outcome.rejected = parser.requestBytes
                    parser.append(Array("GET / HTTP/1.1\r\n\r\n".utf8))
                    guard parser.next() == event, parser.next() == event else { throw Violation("not sticky", error) }
                    outcome.events.append(event)
                    return outcome
                }
                break
            }
        }
        return outcome
    }

    private static func expectSame(_ whole: Outcome, _ split: Outcome, _ how: String) throws(Violation) {
        let lhs = whole.events.filter { $0 != .continueExpected }
        let rhs = split.events.filter { $0 != .continueExpected }
        guard lhs == rhs else { throw Violation("events differ when split (\(how))", lhs, rhs) }
        // An error is found as soon as its byte arrives, so a split input may have kept fewer bytes, never others.
        if let kept = whole.rejected, let splitKept = split.rejected {
            guard kept.starts(with: splitKept) else {
                throw Violation("rejected bytes differ when split (\(how))", kept, splitKept)
            }
        }
    }

    /// The request as a well-behaved client would send it: same head fields, the body framed as declared.
    private static func canonicalBytes(_ request: HTTP1Request) -> [UInt8] {
        var output = Array("\(request.method) \(request.target) \(request.version)\r\n".utf8)
        for field in request.headers { output += Array("\(field.name): \(field.value)\r\n".utf8) }
        output += Array("\r\n".utf8)
        guard request.headers["transfer-encoding"] != nil else { return output + request.body }
        if !request.body.isEmpty {
            output += Array((String(request.body.count, radix: 16) + "\r\n").utf8) + request.body + Array("\r\n".utf8)
        }
        return output + Array("0\r\n\r\n".utf8)
    }
}

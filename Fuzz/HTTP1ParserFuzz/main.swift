// libFuzzer target for the HTTP/1.1 parser and serializer. Not part of Package.swift: scripts/fuzz-http
// compiles it together with Sources/PushFakeHTTP/HTTP1 (one module) and PushFakeCore (its own module).
//
// Beyond "no crash", every input is checked for the properties the server relies on:
// - the events do not depend on how the bytes were split across reads (two cuts, three cuts, and one byte
//   at a time for short inputs), `continueExpected` aside;
// - nothing but the same error comes after an error, and errors carry one of the documented statuses;
// - `continueExpected` appears at most once per request;
// - every parsed request, written back canonically, parses to the same value;
// - a response echoing the request's headers serializes to a well-framed message.
import PushFakeCore

private let limits = HTTP1Parser.Limits(maxHeadBytes: 512, maxBodyBytes: 2_048)
private let errorStatuses: Set<Int> = [400, 413, 431, 501, 505]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHTTP1Parser(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let input = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    let whole = drain([input], limits: limits)
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325
    for byte in input { hash = (hash ^ UInt64(byte)) &* 0x0100_0000_01B3 }
    let first = Int(hash % UInt64(input.count + 1))
    let second = first + Int((hash >> 32) % UInt64(input.count - first + 1))

    expectSame(whole, drain([Array(input[..<first]), Array(input[first...])], limits: limits), "two pieces")
    let three = [Array(input[..<first]), Array(input[first..<second]), Array(input[second...])]
    expectSame(whole, drain(three, limits: limits), "three pieces")
    if input.count <= 256 {
        expectSame(whole, drain(input.map { [$0] }, limits: limits), "byte at a time")
    }
    for case .request(let request) in whole {
        let again = drain([canonicalBytes(request)], limits: HTTP1Parser.Limits())
        guard again == [.request(request)] else { fail("canonical round trip", request, again) }
        checkSerializedEcho(request)
    }
    return 0
}

/// Feeds `pieces` one append at a time and collects events, checking the per-stream invariants.
private func drain(_ pieces: [[UInt8]], limits: HTTP1Parser.Limits) -> [HTTP1ParserEvent] {
    var parser = HTTP1Parser(limits: limits)
    var events: [HTTP1ParserEvent] = []
    var continuesForThisRequest = 0
    var fed = 0
    for piece in pieces {
        parser.append(piece)
        fed += piece.count
        while true {
            let event = parser.next()
            guard parser.bufferedByteCount >= 0, parser.bufferedByteCount <= fed else { fail("buffered count", event) }
            switch event {
            case .needMoreData:
                break
            case .continueExpected:
                continuesForThisRequest += 1
                guard continuesForThisRequest == 1 else { fail("continueExpected twice", events) }
                events.append(event)
                continue
            case .request:
                continuesForThisRequest = 0
                events.append(event)
                continue
            case .error(let error):
                guard errorStatuses.contains(error.status) else { fail("undocumented status", error) }
                parser.append(Array("GET / HTTP/1.1\r\n\r\n".utf8))
                guard parser.next() == event, parser.next() == event else { fail("error not sticky", error) }
                events.append(event)
                return events
            }
            break
        }
    }
    return events
}

private func expectSame(_ whole: [HTTP1ParserEvent], _ split: [HTTP1ParserEvent], _ how: String) {
    let lhs = whole.filter { $0 != .continueExpected }
    let rhs = split.filter { $0 != .continueExpected }
    guard lhs == rhs else { fail("events differ when split (\(how))", lhs, rhs) }
}

/// The request as a well-behaved client would send it: same head fields, the body framed as declared.
private func canonicalBytes(_ request: HTTP1Request) -> [UInt8] {
    var output = Array("\(request.method) \(request.target) \(request.version)\r\n".utf8)
    for field in request.headers { output += Array("\(field.name): \(field.value)\r\n".utf8) }
    output += Array("\r\n".utf8)
    guard request.headers["transfer-encoding"] != nil else { return output + request.body }
    if !request.body.isEmpty {
        output += Array((String(request.body.count, radix: 16) + "\r\n").utf8) + request.body + Array("\r\n".utf8)
    }
    return output + Array("0\r\n\r\n".utf8)
}

/// Headers echoed from a request must not break the response's framing (no injected lines, exact length).
private func checkSerializedEcho(_ request: HTTP1Request) {
    let response = FakeResponse(status: 200, headers: request.headers, body: request.body)
    let output = HTTP1Serializer.serialize(response, keepAlive: request.keepAlive, headRequest: false)
    var headEnd = 0
    while headEnd + 3 < output.count
        && !(output[headEnd] == 13 && output[headEnd + 1] == 10 && output[headEnd + 2] == 13
            && output[headEnd + 3] == 10)
    {
        headEnd += 1
    }
    guard output.count - (headEnd + 4) == request.body.count else { fail("body length", request) }
    for index in 0..<headEnd where output[index] == 10 && output[index - 1] != 13 { fail("bare LF in head", request) }
    for index in 0..<headEnd where output[index] == 13 && output[index + 1] != 10 { fail("bare CR in head", request) }
}

/// Traps with the details on stderr; libFuzzer then saves the input under fuzz-artifacts/.
private func fail(_ what: String, _ details: Any...) -> Never {
    fatalError("invariant violated: \(what) \(details)")
}

import PushFakeHTTP1
import XCTest

/// Random valid requests, written as bytes and cut at random places, must come back exactly.
final class HTTP1ParserDifferentialTests: XCTestCase {
    private let methods = ["GET", "POST", "PUT", "DELETE", "PATCH", "HEAD", "OPTIONS", "X-CUSTOM"]
    private let targetBytes = Array("abcXYZ019-._~!$&'()*+,;=:@/?%".utf8)
    private let nameBytes = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!#$%&'*+-.^_`|~".utf8)

    func test_parser_returnsGeneratedRequests_whenTheyArriveSplitRandomly() {
        var random = TestRandom(seed: 0x5EED_2024)
        for round in 0..<300 {
            var expected: [HTTP1Request] = []
            var stream: [UInt8] = []
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                let (request, wire) = makeRequest(using: &random)
                expected.append(request)
                stream += wire
            }

            let result = withoutContinue(events(feeding: randomSplits(of: stream, using: &random)))

            XCTAssertEqual(result, expected.map { .request($0) }, "round \(round)")
        }
    }

    private func makeRequest(using random: inout TestRandom) -> (HTTP1Request, [UInt8]) {
        let version: HTTP1Version = Bool.random(using: &random) ? .http11 : .http10
        var request = HTTP1Request(
            method: methods.randomElement(using: &random) ?? "GET",
            target: "/" + randomString(from: targetBytes, length: Int.random(in: 0...40, using: &random), &random),
            version: version, keepAlive: version == .http11)
        // HTTP/1.1 requires exactly one Host (RFC 9112 §3.2); HTTP/1.0 requests go without, as they may.
        if version == .http11 { request.headers.add(name: "Host", value: "example.test") }
        for _ in 0..<Int.random(in: 0...8, using: &random) {
            let name = "X-" + randomString(from: nameBytes, length: Int.random(in: 1...12, using: &random), &random)
            let value = randomString(
                from: Array("abc xyz\t019;,=\"/".utf8), length: Int.random(in: 0...30, using: &random), &random)
            request.headers.add(name: name, value: value.trimmingWhitespace())
        }
        if Bool.random(using: &random) {
            request.headers.add(name: "Connection", value: version == .http11 ? "close" : "keep-alive")
            request.keepAlive.toggle()
        }
        let bodyLength = Bool.random(using: &random) ? 0 : Int.random(in: 1...600, using: &random)
        request.body = (0..<bodyLength).map { _ in UInt8.random(in: 0...255, using: &random) }
        if request.version == .http11 && Int.random(in: 0..<4, using: &random) == 0 {
            request.headers.add(name: "Expect", value: "100-continue")
            request.expectsContinue = true
        }
        if bodyLength > 0 && Bool.random(using: &random) {
            request.headers.add(name: "transfer-encoding", value: "chunked")
            // HTTP/1.0 has no transfer codings: such a request is answered, then the connection closes (RFC 9112 §6.1).
            if request.version == .http10 { request.keepAlive = false }
            var sizes: [Int] = []
            var left = bodyLength
            while left > 0 {
                let size = Int.random(in: 1...left, using: &random)
                sizes.append(size)
                left -= size
            }
            return (request, encode(request, chunkSizes: sizes))
        }
        if bodyLength > 0 || Bool.random(using: &random) {
            request.headers.add(name: "Content-Length", value: String(bodyLength))
        }
        return (request, encode(request))
    }

    private func randomString(from alphabet: [UInt8], length: Int, _ random: inout TestRandom) -> String {
        String(
            decoding: (0..<length).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &random)] },
            as: UTF8.self)
    }

    private func randomSplits(of stream: [UInt8], using random: inout TestRandom) -> [[UInt8]] {
        var parts: [[UInt8]] = []
        var offset = 0
        while offset < stream.count {
            let length = Int.random(in: 0...min(64, stream.count - offset), using: &random)
            parts.append(Array(stream[offset..<offset + length]))
            offset += length
        }
        return parts
    }
}

extension String {
    fileprivate func trimmingWhitespace() -> String {
        let utf8 = Array(self.utf8)
        var lower = 0
        var upper = utf8.count
        while lower < upper && (utf8[lower] == 0x20 || utf8[lower] == 0x09) { lower += 1 }
        while upper > lower && (utf8[upper - 1] == 0x20 || utf8[upper - 1] == 0x09) { upper -= 1 }
        return String(decoding: utf8[lower..<upper], as: UTF8.self)
    }
}

import PushFakeHTTP1

/// Checks that responses built from fuzzed requests stay well framed: the serializer must neutralise whatever a
/// request's headers contain.
enum HTTP1FuzzFraming {
    /// A response echoing the request's headers and body, once with `Content-Length` and once chunked, must have no
    /// bare CR or LF in its head and exactly the body after it.
    static func checkEcho(of request: HTTP1Request) throws(HTTP1FuzzCheck.Violation) {
        let head = HTTP1ResponseHead(status: 200, headers: request.headers)
        let output = HTTP1Serializer.serialize(
            head, body: request.body, keepAlive: request.keepAlive, headRequest: false)
        let headEnd = try checkHead(output, request)
        guard output.count - headEnd == request.body.count else { throw .init("body length", request) }

        var chunked: [UInt8] = []
        HTTP1Serializer.appendStatusLine(status: 200, into: &chunked)
        for field in request.headers {
            HTTP1Serializer.appendField(name: field.name, value: field.value, into: &chunked)
        }
        HTTP1Serializer.appendEndOfHead(framing: .chunked, status: 200, keepAlive: true, into: &chunked)
        HTTP1Serializer.appendChunk(request.body, into: &chunked)
        chunked += HTTP1Serializer.lastChunk
        let chunkedHeadEnd = try checkHead(chunked, request)
        // The chunked body must decode, through the parser's own decoder, to the original bytes.
        var parser = HTTP1Parser()
        parser.append(Array("POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n".utf8))
        parser.append(Array(chunked[chunkedHeadEnd...]))
        guard case .request(let decoded) = parser.next(), decoded.body == request.body else {
            throw .init("chunked body does not decode", request)
        }
    }

    /// The index just past the head's blank line; fails on a bare CR or LF inside the head.
    private static func checkHead(_ output: [UInt8], _ request: HTTP1Request) throws(HTTP1FuzzCheck.Violation) -> Int {
        var headEnd = 0
        while headEnd + 3 < output.count
            && !(output[headEnd] == 13 && output[headEnd + 1] == 10 && output[headEnd + 2] == 13
                && output[headEnd + 3] == 10)
        {
            headEnd += 1
        }
        guard headEnd + 3 < output.count else { throw .init("no end of head", request) }
        for index in 0..<headEnd where output[index] == 10 && output[index - 1] != 13 {
            throw .init("bare LF in head", request)
        }
        for index in 0..<headEnd where output[index] == 13 && output[index + 1] != 10 {
            throw .init("bare CR in head", request)
        }
        return headEnd + 4
    }
}

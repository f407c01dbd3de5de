import PushFakeCore
import PushFakeHTTP1

extension FakeResponse {
    /// Appends this response as HTTP/1.1 bytes to `buffer` (a connection's output buffer), with the codec's
    /// building blocks straight from the engine's header storage: no intermediate array, the body copied once.
    /// `date` is written as the `Date` field unless the response has its own (an upstream's, proxied).
    package func serialize(
        keepAlive: Bool, headRequest: Bool, requestVersion: HTTP1Version = .http11, date: HTTP1Date? = nil,
        into buffer: inout [UInt8]
    ) {
        let sendsBody = !headRequest && !HTTP1ResponseHead.isBodyless(status)
        var headBytes = 64
        for field in headers { headBytes &+= field.name.utf8.count &+ field.value.utf8.count &+ 4 }
        buffer.reserveCapacity(buffer.count &+ headBytes &+ (sendsBody ? body.count : 0))
        if headers == Self.standardHeaders {
            HTTP1Serializer.appendStatusLine(status: status, into: &buffer)
            // Nearly every engine answer carries exactly these (FakeResponse.json); equal values share their
            // strings, so the comparison is cheap and the fields are written once per process, not per answer.
            buffer.append(contentsOf: Self.standardHeaderBytes)
            if let date { buffer.append(contentsOf: date.fieldLine) }
            HTTP1Serializer.appendEndOfHead(
                framing: .length(body.count), status: status, keepAlive: keepAlive, requestVersion: requestVersion,
                into: &buffer)
        } else {
            HTTP1Serializer.appendHead(
                head, framing: .length(body.count), keepAlive: keepAlive, requestVersion: requestVersion, date: date,
                into: &buffer)
        }
        if sendsBody { buffer.append(contentsOf: body) }
    }

    /// The response's status and fields in the codec's terms.
    package var head: HTTP1ResponseHead { HTTP1ResponseHead(status: status, headers: headers) }

    /// The headers of ``FakeResponse/json(_:bytes:)``.
    private static let standardHeaders = FakeResponse.json(200, bytes: []).headers

    /// ``standardHeaders`` as header lines.
    private static let standardHeaderBytes: [UInt8] = {
        var bytes: [UInt8] = []
        for field in standardHeaders { HTTP1Serializer.appendField(name: field.name, value: field.value, into: &bytes) }
        return bytes
    }()

    /// The response in a new buffer (tests, and answers written once per connection).
    package func serialized(
        keepAlive: Bool, headRequest: Bool = false, requestVersion: HTTP1Version = .http11, date: HTTP1Date? = nil
    ) -> [UInt8] {
        var buffer: [UInt8] = []
        serialize(
            keepAlive: keepAlive, headRequest: headRequest, requestVersion: requestVersion, date: date, into: &buffer)
        return buffer
    }

    /// The answer to a request the server rejects before routing (malformed HTTP, too large, too slow):
    /// `{"error":"<reason>","status":<status>}`, JSON like every other PushFake answer (FakeBehaviour.md, Common).
    package static func rejection(status: Int, reason: String) -> FakeResponse {
        .answer(status, AdminError(reason, status: status))
    }
}

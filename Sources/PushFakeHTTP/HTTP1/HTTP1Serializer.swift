import PushFakeCore

/// Writes a ``FakeResponse`` as HTTP/1.1 bytes: status line, headers and body in one buffer.
///
/// One buffer means one `send()`; writing head and body separately stalls on delayed ACKs
/// (40 ms per response on Linux loopback, see PlatformNotes.md).
///
/// The serializer owns message framing: it always writes `Content-Length` (except for 1xx, 204 and 304,
/// which have no body) and `Connection`, and drops those fields and `Transfer-Encoding` from
/// `response.headers` so a response can never declare two lengths.
///
/// ```swift
/// let bytes = HTTP1Serializer.serialize(FakeResponse(status: 204), keepAlive: true, headRequest: false)
/// // "HTTP/1.1 204 No Content\r\n\r\n"
/// ```
public enum HTTP1Serializer {
    /// The interim response that tells a client with `Expect: 100-continue` to send its body.
    public static let continueResponse: [UInt8] = Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)

    /// Serializes `response` into a new buffer.
    /// - Parameters:
    ///   - keepAlive: `false` adds `Connection: close`; the connection closes after writing.
    ///   - headRequest: answers a HEAD: same headers and Content-Length, no body bytes.
    public static func serialize(_ response: FakeResponse, keepAlive: Bool, headRequest: Bool) -> [UInt8] {
        serialize(response, keepAlive: keepAlive, headRequest: headRequest, requestVersion: .http11)
    }

    /// Appends the serialized `response` to `buffer`, so pipelined answers can share one `send()`.
    public static func serialize(
        _ response: FakeResponse,
        keepAlive: Bool,
        headRequest: Bool,
        into buffer: inout [UInt8]
    ) {
        serialize(response, keepAlive: keepAlive, headRequest: headRequest, requestVersion: .http11, into: &buffer)
    }

    /// Serializes `response` into a new buffer, answering a request of `requestVersion`.
    ///
    /// An HTTP/1.0 client only keeps the connection open if told so, hence `Connection: keep-alive`
    /// when `keepAlive` is `true` and the request was HTTP/1.0.
    public static func serialize(
        _ response: FakeResponse,
        keepAlive: Bool,
        headRequest: Bool,
        requestVersion: HTTP1Version
    ) -> [UInt8] {
        var buffer: [UInt8] = []
        serialize(
            response, keepAlive: keepAlive, headRequest: headRequest, requestVersion: requestVersion, into: &buffer)
        return buffer
    }

    /// Appends the serialized `response` to `buffer`, answering a request of `requestVersion`.
    public static func serialize(
        _ response: FakeResponse,
        keepAlive: Bool,
        headRequest: Bool,
        requestVersion: HTTP1Version,
        into buffer: inout [UInt8]
    ) {
        let status = response.status
        // RFC 9110 §6.4.1: these statuses never carry content, so they get neither a length nor a body.
        let bodyless = (100..<200).contains(status) || status == 204 || status == 304
        var headBytes = 64
        for field in response.headers { headBytes += field.name.utf8.count + field.value.utf8.count + 4 }
        let sendsBody = !bodyless && !headRequest
        buffer.reserveCapacity(buffer.count + headBytes + (sendsBody ? response.body.count : 0))

        appendASCII("HTTP/1.1 ", to: &buffer)
        appendDecimal(status, to: &buffer)
        buffer.append(HTTP1Grammar.space)
        appendText(FakeResponse.reasonPhrase(for: status), to: &buffer)
        appendASCII("\r\n", to: &buffer)
        for field in response.headers where !isFramingField(field.name) {
            appendText(field.name, to: &buffer)
            appendASCII(": ", to: &buffer)
            appendText(field.value, to: &buffer)
            appendASCII("\r\n", to: &buffer)
        }
        if !bodyless {
            appendASCII("Content-Length: ", to: &buffer)
            appendDecimal(response.body.count, to: &buffer)
            appendASCII("\r\n", to: &buffer)
        }
        if !keepAlive {
            appendASCII("Connection: close\r\n", to: &buffer)
        } else if !requestVersion.isAtLeastHTTP11 {
            appendASCII("Connection: keep-alive\r\n", to: &buffer)
        }
        appendASCII("\r\n", to: &buffer)
        if sendsBody { buffer.append(contentsOf: response.body) }
    }

    /// The fields whose value the serializer decides itself.
    private static func isFramingField(_ name: String) -> Bool {
        name.utf8.withContiguousStorageIfAvailable { bytes in
            let range = 0..<bytes.count
            return HTTP1Grammar.equalsIgnoringCase(bytes, range, "content-length")
                || HTTP1Grammar.equalsIgnoringCase(bytes, range, "connection")
                || HTTP1Grammar.equalsIgnoringCase(bytes, range, "transfer-encoding")
        } ?? false
    }

    @inline(__always)
    private static func appendASCII(_ text: StaticString, to buffer: inout [UInt8]) {
        buffer.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// Appends a header name, value or reason phrase; CR, LF and other controls become SP so that a value
    /// echoed from a request can never inject a header line.
    private static func appendText(_ text: String, to buffer: inout [UInt8]) {
        var text = text
        text.withUTF8 { utf8 in
            if utf8.allSatisfy(HTTP1Grammar.isFieldValueByte) {
                buffer.append(contentsOf: utf8)
            } else {
                for byte in utf8 { buffer.append(HTTP1Grammar.isFieldValueByte(byte) ? byte : HTTP1Grammar.space) }
            }
        }
    }

    private static func appendDecimal(_ value: Int, to buffer: inout [UInt8]) {
        guard value >= 0 else {
            appendText(String(value), to: &buffer)
            return
        }
        var divisor = 1
        while divisor <= value / 10 { divisor *= 10 }
        var rest = value
        while divisor > 0 {
            buffer.append(UInt8(truncatingIfNeeded: 0x30 + rest / divisor))
            rest %= divisor
            divisor /= 10
        }
    }
}

/// Writes HTTP/1.1 responses as bytes: status line, headers and body appended to one buffer.
///
/// One buffer means one `send()`; writing head and body separately stalls on delayed ACKs (40 ms per response on
/// Linux loopback). Appending (`into:`) lets a connection write pipelined answers into its own output buffer
/// instead of allocating an array per answer.
///
/// The serializer owns message framing: it writes `Content-Length` (except for 1xx, 204 and 304, which have no
/// body), `Transfer-Encoding: chunked` or nothing, as the ``HTTP1BodyFraming`` says, and `Connection`, and it drops
/// those fields from the caller's headers, so a response can never declare two lengths.
///
/// ```swift
/// var output: [UInt8] = []
/// HTTP1Serializer.serialize(HTTP1ResponseHead(status: 204), body: [], keepAlive: true, headRequest: false, into: &output)
/// // "HTTP/1.1 204 No Content\r\n\r\n"
/// ```
///
/// A caller with its own header storage writes the same bytes with the building blocks
/// ``appendStatusLine(status:reason:into:)``, ``appendField(name:value:into:)`` and
/// ``appendEndOfHead(framing:status:keepAlive:requestVersion:into:)``.
public enum HTTP1Serializer {
    /// The interim response that tells a client with `Expect: 100-continue` to send its body.
    public static let continueResponse: [UInt8] = Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)

    /// Appends a complete response with a `Content-Length` body to `buffer`.
    /// - Parameters:
    ///   - keepAlive: `false` adds `Connection: close`; the connection closes after writing. An HTTP/1.0 client is
    ///     told `Connection: keep-alive` when `true`, since it would otherwise close.
    ///   - headRequest: answers a HEAD: same headers and `Content-Length`, no body bytes.
    ///   - requestVersion: the version of the request being answered.
    ///   - date: written as the `Date` field unless `head` has one (RFC 9110 §6.6.1).
    public static func serialize(
        _ head: HTTP1ResponseHead,
        body: [UInt8],
        keepAlive: Bool,
        headRequest: Bool,
        requestVersion: HTTP1Version = .http11,
        date: HTTP1Date? = nil,
        into buffer: inout [UInt8]
    ) {
        let sendsBody = !headRequest && !HTTP1ResponseHead.isBodyless(head.status)
        var headBytes = 64
        for field in head.headers { headBytes += field.name.utf8.count + field.value.utf8.count + 4 }
        buffer.reserveCapacity(buffer.count + headBytes + (sendsBody ? body.count : 0))
        appendHead(
            head, framing: .length(body.count), keepAlive: keepAlive, requestVersion: requestVersion, date: date,
            into: &buffer)
        if sendsBody { buffer.append(contentsOf: body) }
    }

    /// Appends a response head: the status line, the fields of `head`, `date` as the `Date` field unless `head` has
    /// one (RFC 9110 §6.6.1), then the framing fields and the blank line
    /// (``appendEndOfHead(framing:status:keepAlive:requestVersion:into:)``). The body, if any, is the caller's.
    /// - Returns: the framing written, which the caller must follow for the body.
    @discardableResult
    public static func appendHead(
        _ head: HTTP1ResponseHead,
        framing: HTTP1BodyFraming,
        keepAlive: Bool,
        requestVersion: HTTP1Version = .http11,
        date: HTTP1Date? = nil,
        into buffer: inout [UInt8]
    ) -> HTTP1BodyFraming {
        appendStatusLine(status: head.status, reason: head.reason, into: &buffer)
        for field in head.headers { appendField(name: field.name, value: field.value, into: &buffer) }
        if let date, head.headers["Date"] == nil { buffer.append(contentsOf: date.fieldLine) }
        return appendEndOfHead(
            framing: framing, status: head.status, keepAlive: keepAlive, requestVersion: requestVersion, into: &buffer)
    }

    /// Serializes a complete response with a `Content-Length` body into a new buffer.
    public static func serialize(
        _ head: HTTP1ResponseHead,
        body: [UInt8],
        keepAlive: Bool,
        headRequest: Bool,
        requestVersion: HTTP1Version = .http11,
        date: HTTP1Date? = nil
    ) -> [UInt8] {
        var buffer: [UInt8] = []
        serialize(
            head, body: body, keepAlive: keepAlive, headRequest: headRequest, requestVersion: requestVersion,
            date: date, into: &buffer)
        return buffer
    }

    /// Appends `HTTP/1.1 <status> <reason>\r\n`; a `nil` reason writes the standard phrase.
    public static func appendStatusLine(status: Int, reason: String? = nil, into buffer: inout [UInt8]) {
        if reason == nil, let line = commonStatusLine(status) {
            appendASCII(line, to: &buffer)
            return
        }
        appendASCII("HTTP/1.1 ", to: &buffer)
        appendDecimal(status, to: &buffer)
        buffer.append(HTTP1Grammar.space)
        appendText(reason ?? HTTP1Status.reasonPhrase(for: status), to: &buffer)
        appendASCII("\r\n", to: &buffer)
    }

    /// The whole status line of the statuses nearly every answer has, written as one literal: the general path
    /// (digits, then the phrase through ``HTTP1Status/reasonPhrase(for:)``) was a thirtieth of the health answer's
    /// instructions. The same bytes as that path writes: a test holds the two to each other.
    static func commonStatusLine(_ status: Int) -> StaticString? {
        switch status {
        case 200: return "HTTP/1.1 200 OK\r\n"
        case 201: return "HTTP/1.1 201 Created\r\n"
        case 204: return "HTTP/1.1 204 No Content\r\n"
        case 400: return "HTTP/1.1 400 Bad Request\r\n"
        case 401: return "HTTP/1.1 401 Unauthorized\r\n"
        case 403: return "HTTP/1.1 403 Forbidden\r\n"
        case 404: return "HTTP/1.1 404 Not Found\r\n"
        case 500: return "HTTP/1.1 500 Internal Server Error\r\n"
        default: return nil
        }
    }

    /// Appends `name: value\r\n`, unless `name` is a framing field (`Content-Length`, `Transfer-Encoding`,
    /// `Connection`), which ``appendEndOfHead(framing:status:keepAlive:requestVersion:into:)`` writes instead. CR, LF
    /// and other control bytes become SP, so a value echoed from a request can never inject a header line.
    public static func appendField(name: String, value: String, into buffer: inout [UInt8]) {
        guard !isFramingField(name) else { return }
        appendText(name, to: &buffer)
        appendASCII(": ", to: &buffer)
        appendText(value, to: &buffer)
        appendASCII("\r\n", to: &buffer)
    }

    /// Appends the framing fields and the blank line that ends the head.
    ///
    /// `.chunked` answering an HTTP/1.0 request becomes `.untilClose` (1.0 has no chunked coding), and
    /// `.untilClose` always says `Connection: close`.
    /// - Returns: the framing written, which the caller must follow for the body.
    @discardableResult
    public static func appendEndOfHead(
        framing: HTTP1BodyFraming,
        status: Int,
        keepAlive: Bool,
        requestVersion: HTTP1Version = .http11,
        into buffer: inout [UInt8]
    ) -> HTTP1BodyFraming {
        var framing = framing
        if framing == .chunked && !requestVersion.isAtLeastHTTP11 { framing = .untilClose }
        if !HTTP1ResponseHead.isBodyless(status) {
            switch framing {
            case .length(let count):
                appendASCII("Content-Length: ", to: &buffer)
                appendDecimal(count, to: &buffer)
                appendASCII("\r\n", to: &buffer)
            case .chunked:
                appendASCII("Transfer-Encoding: chunked\r\n", to: &buffer)
            case .untilClose:
                break
            }
        }
        if !keepAlive || framing == .untilClose {
            appendASCII("Connection: close\r\n", to: &buffer)
        } else if !requestVersion.isAtLeastHTTP11 {
            appendASCII("Connection: keep-alive\r\n", to: &buffer)
        }
        appendASCII("\r\n", to: &buffer)
        return framing
    }

    /// The fields whose value the serializer decides itself.
    private static func isFramingField(_ name: String) -> Bool {
        let utf8 = name.utf8
        // Dispatch on length first: most names are none of the three and cost one comparison.
        guard utf8.count == 10 || utf8.count == 14 || utf8.count == 17 else { return false }
        return utf8.withContiguousStorageIfAvailable(isFramingField) ?? Self.isFramingFieldSlow(name)
    }

    /// The same test for a string without contiguous UTF-8 (bridged or lazily decoded).
    private static func isFramingFieldSlow(_ name: String) -> Bool {
        var copy = name
        return copy.withUTF8(isFramingField)
    }

    /// The test on a name's UTF-8 bytes.
    @inline(__always)
    private static func isFramingField(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let range = 0..<bytes.count
        return HTTP1Grammar.equalsIgnoringCase(bytes, range, "content-length")
            || HTTP1Grammar.equalsIgnoringCase(bytes, range, "connection")
            || HTTP1Grammar.equalsIgnoringCase(bytes, range, "transfer-encoding")
    }

    @inline(__always)
    static func appendASCII(_ text: StaticString, to buffer: inout [UInt8]) {
        buffer.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// Appends a header name, value or reason phrase; control bytes become SP.
    private static func appendText(_ text: String, to buffer: inout [UInt8]) {
        // Native strings (all the server writes) expose their UTF-8 without a copy.
        let done: Void? = text.utf8.withContiguousStorageIfAvailable { appendText($0, to: &buffer) }
        guard done == nil else { return }
        var copy = text
        copy.withUTF8 { appendText($0, to: &buffer) }
    }

    @inline(__always)
    private static func appendText(_ utf8: UnsafeBufferPointer<UInt8>, to buffer: inout [UInt8]) {
        var clean = true
        for byte in utf8 where !HTTP1Grammar.isFieldValueByte(byte) {
            clean = false
            break
        }
        if clean {
            buffer.append(contentsOf: utf8)
        } else {
            for byte in utf8 { buffer.append(HTTP1Grammar.isFieldValueByte(byte) ? byte : HTTP1Grammar.space) }
        }
    }

    static func appendDecimal(_ value: Int, to buffer: inout [UInt8]) {
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

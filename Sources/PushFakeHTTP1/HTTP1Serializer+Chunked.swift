extension HTTP1Serializer {
    /// The last chunk and the empty trailer section that end a chunked body (RFC 9112 §7.1).
    public static let lastChunk: [UInt8] = Array("0\r\n\r\n".utf8)

    /// Appends one chunk of a `Transfer-Encoding: chunked` body: size in hex, CRLF, the bytes, CRLF. Nothing for
    /// empty `bytes`, because an empty chunk would end the body.
    public static func appendChunk(_ bytes: [UInt8], into buffer: inout [UInt8]) {
        bytes.withUnsafeBytes { appendChunk($0, into: &buffer) }
    }

    /// Appends one chunk of a chunked body from raw bytes; nothing for an empty buffer.
    public static func appendChunk(_ bytes: UnsafeRawBufferPointer, into buffer: inout [UInt8]) {
        guard !bytes.isEmpty else { return }
        buffer.reserveCapacity(buffer.count + bytes.count + 20)
        appendHex(bytes.count, to: &buffer)
        appendASCII("\r\n", to: &buffer)
        buffer.append(contentsOf: bytes)
        appendASCII("\r\n", to: &buffer)
    }

    /// Appends `value` (non-negative) in lowercase hexadecimal.
    private static func appendHex(_ value: Int, to buffer: inout [UInt8]) {
        let digits: StaticString = "0123456789abcdef"
        var shift = (Int.bitWidth - value.leadingZeroBitCount - 1) / 4 * 4
        if shift < 0 { shift = 0 }
        while shift >= 0 {
            buffer.append(digits.utf8Start[(value >> shift) & 0xF])
            shift -= 4
        }
    }
}

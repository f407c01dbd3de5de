/// Compact JSON output: members in stored order, `/` not escaped, shortest round-tripping numbers.
extension JSON {
    /// The compact UTF-8 encoding of this value.
    public func serialized() -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(64)
        write(to: &output)
        return output
    }

    /// The compact encoding as a `String`.
    public func serializedString() -> String {
        String(decoding: serialized(), as: UTF8.self)
    }

    /// Decimal digits without going through `String`.
    static func writeInteger(_ value: Int, to output: inout some ByteOutput) {
        if value < 0 { output.append(UInt8(ascii: "-")) }
        writeDigits(UInt64(value.magnitude), to: &output)
    }

    /// The decimal digits of `value` (at most 20), without going through `String`.
    static func writeDigits(_ value: UInt64, to output: inout some ByteOutput) {
        if value == 0 {
            output.append(UInt8(ascii: "0"))
            return
        }
        var magnitude = value
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
        var count = 0
        withUnsafeMutableBytes(of: &digits) { buffer in
            while magnitude > 0 {
                buffer[23 - count] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
                count += 1
            }
            let written = UnsafeMutableRawBufferPointer(rebasing: buffer[(24 - count)...])
            output.append(bytes: UnsafeBufferPointer(written.assumingMemoryBound(to: UInt8.self)))
        }
    }

    /// Appends the compact encoding to `output`.
    public func write(to output: inout [UInt8]) {
        write(into: &output)
    }

    /// Appends the compact encoding to `output`: an array, or the fixed block a hot answer is written into
    /// (``ByteOutput``).
    func write(into output: inout some ByteOutput) {
        switch self {
        case .null: output.append("null")
        case .bool(let value): output.append(value ? "true" : "false")
        case .int(let value): JSON.writeInteger(value, to: &output)
        case .double(let value):
            if value.isFinite {
                var text = value.description
                text.withUTF8 { output.append(bytes: $0) }
            } else {
                output.append("null")
            }
        case .string(let value): JSON.writeString(value, to: &output)
        case .array(let elements):
            output.append(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                element.write(into: &output)
            }
            output.append(UInt8(ascii: "]"))
        case .object(let object):
            output.append(UInt8(ascii: "{"))
            for (index, member) in object.members.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                JSON.writeString(member.key, to: &output)
                output.append(UInt8(ascii: ":"))
                member.value.write(into: &output)
            }
            output.append(UInt8(ascii: "}"))
        }
    }

    static func writeString(_ value: String, to output: inout some ByteOutput) {
        var value = value
        value.withUTF8 { writeString(utf8: $0, to: &output) }
    }

    /// A JSON string of these UTF-8 bytes (a string kept as bytes, such as a packed record's).
    static func writeString(utf8 bytes: UnsafeBufferPointer<UInt8>, to output: inout some ByteOutput) {
        output.append(UInt8(ascii: "\""))
        // Most strings need no escaping: copy them in one go.
        let plain = JSONPlainWords.end(of: bytes, from: 0)
        if !bytes[plain...].contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
            output.append(bytes: bytes)
            output.append(UInt8(ascii: "\""))
            return
        }
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "\""): output.append(#"\""#)
            case UInt8(ascii: "\\"): output.append(#"\\"#)
            case 0x0A: output.append(#"\n"#)
            case 0x0D: output.append(#"\r"#)
            case 0x09: output.append(#"\t"#)
            case 0..<0x20:
                output.append(#"\u00"#)
                output.append(hexDigits[Int(byte >> 4)])
                output.append(hexDigits[Int(byte & 0x0F)])
            default: output.append(byte)
            }
        }
        output.append(UInt8(ascii: "\""))
    }

    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)
}

extension JSON: CustomStringConvertible {
    /// The compact serialized form, the same bytes ``serialized()`` writes.
    public var description: String { serializedString() }
}

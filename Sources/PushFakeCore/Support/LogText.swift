/// Values made safe for one line of a log: nothing a client, a fault rule, a simulator or an upstream sends can
/// start a new line, move the cursor, or reorder what a terminal shows (FakeBehaviour.md, "Logs").
///
/// A value from outside may hold `\n` followed by a forged request line, an ANSI escape, or a right-to-left override.
/// Every value a log line shows goes through ``escaped(_:)`` (text logs) or ``jsonLine(_:)`` (JSON logs):
///
/// ```swift
/// LogText.escaped("E\nPOST /forged -> 200")  // #"E\nPOST /forged -> 200"#
/// ```
public enum LogText {
    /// `value` with every character that is not printable written as an escape: `\n`, `\r`, `\t`, `\\` for the
    /// backslash itself (so an escape in the output always means an escaped character), and `\u{…}` (hex) for the
    /// other controls (C0, DEL, C1), format characters (bidirectional overrides, zero-width ones, the BOM), line and
    /// paragraph separators, private-use and unassigned code points.
    public static func escaped(_ value: String) -> String {
        guard value.utf8.contains(where: { !isPlainByte($0) }) else { return value }
        var result = ""
        result.reserveCapacity(value.utf8.count + 8)
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default:
                if isPrintable(scalar) {
                    result.unicodeScalars.append(scalar)
                } else {
                    result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
                }
            }
        }
        return result
    }

    /// `value` serialized as one line of JSON that is safe to show: valid JSON (the writer escapes `"`, `\` and
    /// C0 controls), and every other character ``escaped(_:)`` would escape written as `\uXXXX` too, so a reader
    /// decodes exactly the original strings.
    public static func jsonLine(_ value: JSON) -> String {
        var output: [UInt8] = []
        write(value, to: &output)
        return String(decoding: output, as: UTF8.self)
    }

    /// Whether a scalar shows as itself: not a control (`Cc`), format (`Cf`), separator (`Zl`, `Zp`), private-use
    /// (`Co`), surrogate or unassigned (`Cn`) code point.
    public static func isPrintable(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.value < 0x80 { return scalar.value >= 0x20 && scalar.value != 0x7F }
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator, .privateUse, .surrogate, .unassigned:
            return false
        default:
            return true
        }
    }

    /// Printable ASCII other than the backslash: the bytes that need no look at all.
    @inline(__always)
    private static func isPlainByte(_ byte: UInt8) -> Bool {
        byte >= 0x20 && byte < 0x7F && byte != UInt8(ascii: "\\")
    }

    private static func write(_ value: JSON, to output: inout [UInt8]) {
        switch value {
        case .string(let text): writeString(text, to: &output)
        case .array(let elements):
            output.append(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                write(element, to: &output)
            }
            output.append(UInt8(ascii: "]"))
        case .object(let object):
            output.append(UInt8(ascii: "{"))
            for (index, member) in object.members.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                writeString(member.key, to: &output)
                output.append(UInt8(ascii: ":"))
                write(member.value, to: &output)
            }
            output.append(UInt8(ascii: "}"))
        case .null, .bool, .int, .double: value.write(to: &output)
        }
    }

    /// A JSON string whose non-printable characters beyond C0 are `\uXXXX` escapes (a surrogate pair above U+FFFF).
    private static func writeString(_ text: String, to output: inout [UInt8]) {
        guard text.unicodeScalars.contains(where: { $0.value >= 0x7F && !isPrintable($0) }) else {
            JSON.string(text).write(to: &output)
            return
        }
        var plain = ""
        var pieces: [(plain: String, escape: Unicode.Scalar?)] = []
        for scalar in text.unicodeScalars {
            if scalar.value >= 0x7F && !isPrintable(scalar) {
                pieces.append((plain, scalar))
                plain = ""
            } else {
                plain.unicodeScalars.append(scalar)
            }
        }
        pieces.append((plain, nil))
        output.append(UInt8(ascii: "\""))
        for piece in pieces {
            // The writer escapes the plain part; its quotes are dropped.
            let written = JSON.string(piece.plain).serialized()
            output.append(contentsOf: written.dropFirst().dropLast())
            guard let scalar = piece.escape else { continue }
            for unit in String(scalar).utf16 {
                output.append(contentsOf: Array("\\u".utf8))
                let hex = String(unit, radix: 16)
                output.append(contentsOf: Array((String(repeating: "0", count: 4 - hex.count) + hex).utf8))
            }
        }
        output.append(UInt8(ascii: "\""))
    }
}

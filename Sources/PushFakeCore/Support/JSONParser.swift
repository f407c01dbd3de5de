/// A strict RFC 8259 JSON parser over bytes.
///
/// It keeps integers apart from fractional numbers and objects in wire order, rejects trailing garbage, and
/// limits nesting so a hostile body cannot exhaust the stack.
struct JSONParser {
    /// Why a body is not JSON, with the byte offset where parsing stopped.
    struct Failure: Error, Equatable, CustomStringConvertible {
        var reason: String
        var offset: Int
        var description: String { "\(reason) at byte \(offset)" }
    }

    static let maximumDepth = 256

    private let bytes: UnsafeBufferPointer<UInt8>
    private var position = 0
    private var depth = 0

    private init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    static func parse(_ data: some Collection<UInt8>) throws(Failure) -> JSON {
        let array = Array(data)
        let result: Result<JSON, Failure> = array.withUnsafeBufferPointer { buffer in
            var parser = JSONParser(bytes: buffer)
            do throws(Failure) {
                parser.skipWhitespace()
                let value = try parser.parseValue()
                parser.skipWhitespace()
                if parser.position != buffer.count { throw parser.failure("unexpected data after the JSON value") }
                return .success(value)
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    private func failure(_ reason: String) -> Failure {
        Failure(reason: reason, offset: position)
    }

    private mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x09, 0x0A, 0x0D: position += 1
            default: return
            }
        }
    }

    private mutating func parseValue() throws(Failure) -> JSON {
        guard position < bytes.count else { throw failure("unexpected end of input") }
        switch bytes[position] {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): return try parseLiteral("true", .bool(true))
        case UInt8(ascii: "f"): return try parseLiteral("false", .bool(false))
        case UInt8(ascii: "n"): return try parseLiteral("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
        default: throw failure("unexpected character")
        }
    }

    private mutating func parseLiteral(_ word: StaticString, _ value: JSON) throws(Failure) -> JSON {
        let count = word.utf8CodeUnitCount
        guard position + count <= bytes.count else { throw failure("unexpected end of input") }
        let expected = UnsafeBufferPointer(start: word.utf8Start, count: count)
        for offset in 0..<count where bytes[position + offset] != expected[offset] {
            throw failure("invalid literal")
        }
        position += count
        return value
    }

    private mutating func enter() throws(Failure) {
        depth += 1
        if depth > Self.maximumDepth { throw failure("nesting deeper than \(Self.maximumDepth)") }
    }

    private mutating func parseObject() throws(Failure) -> JSON {
        try enter()
        position += 1
        var members: [JSONObject.Member] = []
        skipWhitespace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "}") {
            position += 1
            depth -= 1
            return .object(JSONObject(members))
        }
        // Request bodies are objects of a handful of members: grow from 4, not 1, 2, 4.
        members.reserveCapacity(4)
        while true {
            skipWhitespace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else {
                throw failure("expected a string key")
            }
            let key = try parseString()
            skipWhitespace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else { throw failure("expected ':'") }
            position += 1
            skipWhitespace()
            let value = try parseValue()
            members.append(JSONObject.Member(key: key, value: value))
            skipWhitespace()
            guard position < bytes.count else { throw failure("unexpected end of input") }
            if bytes[position] == UInt8(ascii: ",") {
                position += 1
            } else if bytes[position] == UInt8(ascii: "}") {
                position += 1
                depth -= 1
                return .object(JSONObject(members))
            } else {
                throw failure("expected ',' or '}'")
            }
        }
    }

    private mutating func parseArray() throws(Failure) -> JSON {
        try enter()
        position += 1
        var elements: [JSON] = []
        skipWhitespace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "]") {
            position += 1
            depth -= 1
            return .array(elements)
        }
        while true {
            skipWhitespace()
            elements.append(try parseValue())
            skipWhitespace()
            guard position < bytes.count else { throw failure("unexpected end of input") }
            if bytes[position] == UInt8(ascii: ",") {
                position += 1
            } else if bytes[position] == UInt8(ascii: "]") {
                position += 1
                depth -= 1
                return .array(elements)
            } else {
                throw failure("expected ',' or ']'")
            }
        }
    }

    private mutating func parseString() throws(Failure) -> String {
        position += 1
        let start = position
        // Fast path: no escapes, so the bytes between the quotes are the string.
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                let slice = UnsafeBufferPointer(rebasing: bytes[start..<position])
                position += 1
                return String(decoding: slice, as: UTF8.self)
            }
            if byte == UInt8(ascii: "\\") { break }
            if byte < 0x20 { throw failure("control character in string") }
            position += 1
        }
        var scalars = Array(UnsafeBufferPointer(rebasing: bytes[start..<position]))
        while position < bytes.count {
            let byte = bytes[position]
            switch byte {
            case UInt8(ascii: "\""):
                position += 1
                return String(decoding: scalars, as: UTF8.self)
            case UInt8(ascii: "\\"):
                position += 1
                try parseEscape(into: &scalars)
            case 0..<0x20:
                throw failure("control character in string")
            default:
                scalars.append(byte)
                position += 1
            }
        }
        throw failure("unterminated string")
    }

    private mutating func parseEscape(into output: inout [UInt8]) throws(Failure) {
        guard position < bytes.count else { throw failure("unterminated escape") }
        let byte = bytes[position]
        position += 1
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): output.append(byte)
        case UInt8(ascii: "b"): output.append(0x08)
        case UInt8(ascii: "f"): output.append(0x0C)
        case UInt8(ascii: "n"): output.append(0x0A)
        case UInt8(ascii: "r"): output.append(0x0D)
        case UInt8(ascii: "t"): output.append(0x09)
        case UInt8(ascii: "u"):
            var scalar = try parseHex4()
            if (0xD800...0xDBFF).contains(scalar) {
                // A high surrogate must be followed by an escaped low surrogate; a lone one becomes U+FFFD.
                if position + 1 < bytes.count, bytes[position] == UInt8(ascii: "\\"),
                    bytes[position + 1] == UInt8(ascii: "u")
                {
                    let saved = position
                    position += 2
                    let low = try parseHex4()
                    if (0xDC00...0xDFFF).contains(low) {
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    } else {
                        position = saved
                        scalar = 0xFFFD
                    }
                } else {
                    scalar = 0xFFFD
                }
            } else if (0xDC00...0xDFFF).contains(scalar) {
                scalar = 0xFFFD
            }
            let unicode = Unicode.Scalar(scalar) ?? "\u{FFFD}"
            output.append(contentsOf: Array(String(Character(unicode)).utf8))
        default:
            throw failure("invalid escape")
        }
    }

    private mutating func parseHex4() throws(Failure) -> UInt32 {
        guard position + 4 <= bytes.count else { throw failure("truncated \\u escape") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[position]
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw failure("invalid \\u escape")
            }
            value = value << 4 | digit
            position += 1
        }
        return value
    }

    private mutating func parseNumber() throws(Failure) -> JSON {
        let start = position
        var isInteger = true
        if bytes[position] == UInt8(ascii: "-") { position += 1 }
        guard position < bytes.count, isDigit(bytes[position]) else { throw failure("invalid number") }
        if bytes[position] == UInt8(ascii: "0") {
            position += 1
        } else {
            while position < bytes.count, isDigit(bytes[position]) { position += 1 }
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
            isInteger = false
            position += 1
            guard position < bytes.count, isDigit(bytes[position]) else { throw failure("invalid number") }
            while position < bytes.count, isDigit(bytes[position]) { position += 1 }
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: "e") || bytes[position] == UInt8(ascii: "E") {
            isInteger = false
            position += 1
            if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") {
                position += 1
            }
            guard position < bytes.count, isDigit(bytes[position]) else { throw failure("invalid number") }
            while position < bytes.count, isDigit(bytes[position]) { position += 1 }
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
        if isInteger, let value = Int(text) { return .int(value) }
        guard let value = Double(text), value.isFinite else { throw failure("number out of range") }
        return .double(value)
    }

    private func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }
}

extension JSON {
    /// Parses UTF-8 JSON bytes.
    ///
    /// - Throws: ``JSONSyntaxError`` naming what was wrong and where.
    public static func parse(_ bytes: some Collection<UInt8>) throws(JSONSyntaxError) -> JSON {
        do throws(JSONParser.Failure) {
            return try JSONParser.parse(bytes)
        } catch {
            throw JSONSyntaxError(message: error.description)
        }
    }

    /// Parses a JSON text.
    public static func parse(_ text: String) throws(JSONSyntaxError) -> JSON {
        try parse(Array(text.utf8))
    }
}

/// A body that is not valid JSON.
public struct JSONSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong and at which byte offset, e.g. `invalid number at byte 12`.
    public let message: String
    /// The same as ``message``.
    public var description: String { message }
}

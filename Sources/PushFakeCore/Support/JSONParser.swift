/// A strict RFC 8259 JSON parser over bytes.
///
/// It keeps integers apart from fractional numbers and objects in wire order, rejects trailing garbage, and
/// limits nesting so a hostile body cannot exhaust the stack. Strings must be valid UTF-8 and `\u` escapes must
/// not leave a surrogate unpaired: text is never replaced by U+FFFD, so two different byte strings never read as
/// the same string.
struct JSONParser {
    /// Why a body is not JSON: the byte offset where parsing stopped and the path of the value it was in.
    struct Failure: Error, Equatable, CustomStringConvertible {
        var reason: String
        var offset: Int
        /// Innermost first while the error unwinds; ``pathText`` puts it in order.
        var reversedPath: [JSONPath.Component] = []
        /// The bad bytes are inside a string value or key (invalid UTF-8, a lone surrogate, a control character).
        var inString = false

        var pathText: String? {
            guard !reversedPath.isEmpty else { return nil }
            var text = ""
            for component in reversedPath.reversed() {
                switch component {
                case .key(let key): text += text.isEmpty ? key : "." + key
                case .index(let index): text += "[\(index)]"
                }
            }
            return text
        }

        var description: String {
            "\(reason) at byte \(offset)" + (pathText.map { " (in \($0))" } ?? "")
        }
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
            let value: JSON
            do throws(Failure) {
                value = try parseValue()
            } catch {
                var failure = error
                failure.reversedPath.append(.key(key))
                throw failure
            }
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
            do throws(Failure) {
                elements.append(try parseValue())
            } catch {
                var failure = error
                failure.reversedPath.append(.index(elements.count))
                throw failure
            }
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

    private func stringFailure(_ reason: String, at offset: Int) -> Failure {
        Failure(reason: reason, offset: offset, inString: true)
    }

    private mutating func parseString() throws(Failure) -> String {
        position += 1
        let start = position
        // Any byte ≥ 0x80 sets the high bit: only then is the UTF-8 checked, once per string.
        var high: UInt8 = 0
        // Fast path: no escapes, so the bytes between the quotes are the string.
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                if high >= 0x80 { try checkUTF8(start, position) }
                let slice = UnsafeBufferPointer(rebasing: bytes[start..<position])
                position += 1
                return String(decoding: slice, as: UTF8.self)
            }
            if byte == UInt8(ascii: "\\") { break }
            if byte < 0x20 { throw stringFailure("control character in string", at: position) }
            high |= byte
            position += 1
        }
        var scalars = Array(UnsafeBufferPointer(rebasing: bytes[start..<position]))
        while position < bytes.count {
            let byte = bytes[position]
            switch byte {
            case UInt8(ascii: "\""):
                // Escapes are ASCII in the input, so checking the raw input checks every byte copied.
                if high >= 0x80 { try checkUTF8(start, position) }
                position += 1
                return String(decoding: scalars, as: UTF8.self)
            case UInt8(ascii: "\\"):
                position += 1
                try parseEscape(into: &scalars)
            case 0..<0x20:
                throw stringFailure("control character in string", at: position)
            default:
                high |= byte
                scalars.append(byte)
                position += 1
            }
        }
        throw failure("unterminated string")
    }

    /// Throws at the first byte of `bytes[start..<end]` that is not well-formed UTF-8 (RFC 3629: no overlong
    /// forms, no encoded surrogates, nothing above U+10FFFF). Called only for strings with a byte ≥ 0x80.
    @inline(never)
    private func checkUTF8(_ start: Int, _ end: Int) throws(Failure) {
        var index = start
        while index < end {
            let lead = bytes[index]
            if lead < 0x80 {
                index += 1
                continue
            }
            var length = 0
            var low: UInt8 = 0x80
            var top: UInt8 = 0xBF
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0: (length, low) = (3, 0xA0)
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED: (length, top) = (3, 0x9F)
            case 0xF0: (length, low) = (4, 0x90)
            case 0xF1...0xF3: length = 4
            case 0xF4: (length, top) = (4, 0x8F)
            default: break
            }
            guard length > 0, index + length <= end, (low...top).contains(bytes[index + 1]),
                (2..<length).allSatisfy({ (0x80...0xBF).contains(bytes[index + $0]) })
            else { throw stringFailure("invalid UTF-8 in string", at: index) }
            index += length
        }
    }

    private mutating func parseEscape(into output: inout [UInt8]) throws(Failure) {
        guard position < bytes.count else { throw failure("unterminated escape") }
        let escapeStart = position - 1
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
                // A high surrogate must be followed by an escaped low surrogate.
                guard position + 1 < bytes.count, bytes[position] == UInt8(ascii: "\\"),
                    bytes[position + 1] == UInt8(ascii: "u")
                else { throw stringFailure("unpaired surrogate escape \\u\(hex(scalar))", at: escapeStart) }
                position += 2
                let low = try parseHex4()
                guard (0xDC00...0xDFFF).contains(low) else {
                    throw stringFailure("unpaired surrogate escape \\u\(hex(scalar))", at: escapeStart)
                }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            } else if (0xDC00...0xDFFF).contains(scalar) {
                throw stringFailure("unpaired surrogate escape \\u\(hex(scalar))", at: escapeStart)
            }
            guard let unicode = Unicode.Scalar(scalar) else {
                throw stringFailure("invalid \\u escape", at: escapeStart)
            }
            output.append(contentsOf: Array(String(Character(unicode)).utf8))
        default:
            throw failure("invalid escape")
        }
    }

    private func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
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

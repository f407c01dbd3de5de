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

    let bytes: UnsafeBufferPointer<UInt8>
    /// Strings given back shared instead of decoded (``JSONKnownStrings``).
    let known: JSONKnownStrings
    var position = 0
    private var depth = 0

    private init(bytes: UnsafeBufferPointer<UInt8>, known: JSONKnownStrings) {
        self.bytes = bytes
        self.known = known
    }

    static func parse(_ data: some Collection<UInt8>, known: JSONKnownStrings = .none) throws(Failure) -> JSON {
        let array = Array(data)
        let result: Result<JSON, Failure> = array.withUnsafeBufferPointer { buffer in
            var parser = JSONParser(bytes: buffer, known: known)
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

    func failure(_ reason: String) -> Failure {
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

    /// Steps past `close` and out of the container when `close` is next.
    private mutating func leaves(at close: UInt8) -> Bool {
        guard position < bytes.count, bytes[position] == close else { return false }
        position += 1
        depth -= 1
        return true
    }

    /// After a member or element: steps past a `,` (`false`: another follows) or past `close` and out of the
    /// container (`true`); anything else fails with `expected`.
    private mutating func leavesAfterSeparator(at close: UInt8, else expected: String) throws(Failure) -> Bool {
        skipWhitespace()
        guard position < bytes.count else { throw failure("unexpected end of input") }
        if bytes[position] == UInt8(ascii: ",") {
            position += 1
            return false
        }
        if leaves(at: close) { return true }
        throw failure(expected)
    }

    private mutating func parseObject() throws(Failure) -> JSON {
        try enter()
        position += 1
        var members: [JSONObject.Member] = []
        var keyBits: UInt64 = 0
        skipWhitespace()
        if leaves(at: UInt8(ascii: "}")) { return .object(JSONObject(members: members, keyBits: 0)) }
        // A request body is an object of up to a dozen or so members (a TwinPush register has 12): room for 16 at the
        // top, where growing from 4 cost two regrows, about 1,100 instructions a register (callgrind). Nested objects
        // are small and some are kept (custom properties, payloads): they grow from 4, not 1, 2, 4.
        members.reserveCapacity(depth == 1 ? 16 : 4)
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
            keyBits |= JSONObject.keyBit(key)
            members.append(JSONObject.Member(key: key, value: value))
            if try leavesAfterSeparator(at: UInt8(ascii: "}"), else: "expected ',' or '}'") {
                return .object(JSONObject(members: members, keyBits: keyBits))
            }
        }
    }

    private mutating func parseArray() throws(Failure) -> JSON {
        try enter()
        position += 1
        var elements: [JSON] = []
        skipWhitespace()
        if leaves(at: UInt8(ascii: "]")) { return .array(elements) }
        while true {
            skipWhitespace()
            do throws(Failure) {
                elements.append(try parseValue())
            } catch {
                var failure = error
                failure.reversedPath.append(.index(elements.count))
                throw failure
            }
            if try leavesAfterSeparator(at: UInt8(ascii: "]"), else: "expected ',' or ']'") { return .array(elements) }
        }
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

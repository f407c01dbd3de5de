/// A JSON value that keeps what the wire carried: integer versus fractional numbers, and the key order of objects.
///
/// PushFake parses request bodies into `JSON` with its own byte-level parser (``JSON/parse(_:)-(Collection<UInt8>)``)
/// and writes responses and payloads with ``JSON/serialized()``, so output is byte-for-byte deterministic.
///
/// ```swift
/// let body: JSON = ["deviceId": "E621E1F8", "applicationType": "IOS", "additionalParameters": []]
/// body["deviceId"]?.stringValue  // "E621E1F8"
/// ```
public enum JSON: Sendable, Equatable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number written without fraction or exponent that fits in `Int`; `.int(1)` never equals `.double(1)`.
    case int(Int)
    /// Any other number: with a fraction or exponent (`1.0`, `1e3`), or too large for `Int`.
    case double(Double)
    /// A string, escapes decoded.
    case string(String)
    /// An array, in order.
    case array([JSON])
    /// An object, members in wire order.
    case object(JSONObject)
}

/// A JSON object: ordered key/value pairs, looked up by key (the last duplicate wins).
public struct JSONObject: Sendable, Equatable, ExpressibleByDictionaryLiteral {
    /// One member of an object.
    public struct Member: Sendable, Equatable {
        /// The member's name, escapes decoded.
        public var key: String
        /// The member's value.
        public var value: JSON

        /// Creates a member.
        public init(key: String, value: JSON) {
            self.key = key
            self.value = value
        }
    }

    /// The members in wire order.
    public private(set) var members: [Member]

    /// A bit for each member's key, chosen by the key's length (``keyBit(_:)``): a lookup whose bit
    /// is clear misses without reading a member. A handler asks a body for many keys it does not carry (a TwinPush
    /// register asks for 14 and usually finds 8), and each miss scanned every member. Removing a member leaves its
    /// bit set, which only makes that key's misses scan.
    private var keyBits: UInt64

    /// Creates an object with these members, in this order; duplicate keys are kept.
    public init(_ members: [Member] = []) {
        self.members = members
        var bits: UInt64 = 0
        for member in members { bits |= Self.keyBit(member.key) }
        self.keyBits = bits
    }

    /// An object the parser made, with the key bits it gathered on the way.
    init(members: [Member], keyBits: UInt64) {
        self.members = members
        self.keyBits = keyBits
    }

    /// `["deviceId": "D1", "badge": 2]`; members keep the literal's order.
    public init(dictionaryLiteral elements: (String, JSON)...) {
        self.init(elements.map { Member(key: $0.0, value: $0.1) })
    }

    /// The bit of ``keyBits`` that stands for `key`: its UTF-8 length modulo 64, which a native string knows
    /// without reading its bytes (reading the first byte too cost more than the misses it saved). Equal keys have
    /// equal bytes, hence the same length, hence the same bit.
    @inline(__always)
    static func keyBit(_ key: String) -> UInt64 {
        1 &<< UInt64(truncatingIfNeeded: key.utf8.count & 63)
    }

    /// Objects are equal when their members are: the key bits are only a lookup aid.
    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        lhs.members == rhs.members
    }

    /// The keys in wire order.
    public var keys: [String] { members.map(\.key) }
    /// Whether the object has no members: `{}`.
    public var isEmpty: Bool { members.isEmpty }
    /// The number of members, duplicate keys counted separately.
    public var count: Int { members.count }

    /// Looks a key up by its bytes (last occurrence wins, as in most JSON decoders); setting replaces in place or
    /// appends. `"café"` and `"cafe\u{301}"` are two keys, as on the wire (``WireKey``).
    public subscript(key: String) -> JSON? {
        get {
            guard keyBits & Self.keyBit(key) != 0 else { return nil }
            // `hasSameBytes` compares the two strings' bits first: a key of up to 15 bytes, or a shared string
            // (``JSONKnownStrings``), is found or passed over without reading either string's length.
            var index = members.count - 1
            while index >= 0 {
                if members[index].key.hasSameBytes(as: key) { return members[index].value }
                index -= 1
            }
            return nil
        }
        set {
            if let index = members.lastIndex(where: { $0.key.hasSameBytes(as: key) }) {
                if let newValue {
                    members[index].value = newValue
                } else {
                    members.remove(at: index)
                }
            } else if let newValue {
                members.append(Member(key: key, value: newValue))
                keyBits |= Self.keyBit(key)
            }
        }
    }

    /// Whether the key is present, whatever its value (including `null`).
    public func contains(_ key: String) -> Bool {
        keyBits & Self.keyBit(key) != 0 && members.contains { $0.key.hasSameBytes(as: key) }
    }
}

extension JSON: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
    /// `nil` is `.null`.
    public init(nilLiteral: ()) { self = .null }
    /// `true` is `.bool(true)`.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    /// `2` is `.int(2)`.
    public init(integerLiteral value: Int) { self = .int(value) }
    /// `2.0` is `.double(2.0)`, which is not equal to `.int(2)`.
    public init(floatLiteral value: Double) { self = .double(value) }
    /// `"IOS"` is `.string("IOS")`.
    public init(stringLiteral value: String) { self = .string(value) }
    /// `["a", 1]` is `.array`.
    public init(arrayLiteral elements: JSON...) { self = .array(elements) }
    /// `["key": value]` is `.object`, members in the literal's order.
    public init(dictionaryLiteral elements: (String, JSON)...) {
        self = .object(JSONObject(elements.map { JSONObject.Member(key: $0.0, value: $0.1) }))
    }
}

extension JSON {
    /// Member lookup on objects; `nil` for other values.
    public subscript(key: String) -> JSON? {
        if case .object(let object) = self { return object[key] }
        return nil
    }

    /// Element lookup on arrays; `nil` when out of range or not an array.
    public subscript(index: Int) -> JSON? {
        if case .array(let array) = self, array.indices.contains(index) { return array[index] }
        return nil
    }

    /// The string of a `.string`; `nil` for every other value (numbers are not converted).
    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The value of a `.bool`; `nil` for every other value (`"true"` and `1` included).
    public var boolValue: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    /// The integer value of `.int`, or of a `.double` with no fractional part.
    public var intValue: Int? {
        switch self {
        case .int(let value): return value
        case .double(let value) where value.rounded() == value && abs(value) < 9e15: return Int(value)
        default: return nil
        }
    }

    /// The value of any number, `.int` or `.double`; `nil` for non-numbers.
    public var doubleValue: Double? {
        switch self {
        case .int(let value): return Double(value)
        case .double(let value): return value
        default: return nil
        }
    }

    /// The elements of an `.array`; `nil` for every other value.
    public var arrayValue: [JSON]? {
        if case .array(let value) = self { return value }
        return nil
    }

    /// The members of an `.object`; `nil` for every other value.
    public var objectValue: JSONObject? {
        if case .object(let value) = self { return value }
        return nil
    }

    /// Whether this is `.null` (not whether a key is missing: that is a `nil` lookup).
    public var isNull: Bool { self == .null }

    /// The JSON type name, for error messages ("string", "number", …).
    public var typeName: String {
        switch self {
        case .null: return "null"
        case .bool: return "boolean"
        case .int, .double: return "number"
        case .string: return "string"
        case .array: return "array"
        case .object: return "object"
        }
    }

    /// Follows a dotted path such as `device.latitude`, `[0].applicationKey` or `tags[1]`.
    public func value(at path: String) -> JSON? {
        var current: JSON? = self
        for component in JSONPath.components(path) {
            switch component {
            case .key(let key): current = current?[key]
            case .index(let index): current = current?[index]
            }
            if current == nil { return nil }
        }
        return current
    }

    /// The value as text for matching and logs: strings bare, everything else as compact JSON.
    public var plainText: String {
        if case .string(let value) = self { return value }
        return serializedString()
    }
}

// MARK: Equality by bytes

extension JSON {
    /// Equal values of equal kinds; strings and object keys compare by their UTF-8 bytes, not by Unicode canonical
    /// equivalence (``WireKey``), and `.int(1)` never equals `.double(1)`.
    public static func == (lhs: JSON, rhs: JSON) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case (.bool(let left), .bool(let right)): return left == right
        case (.int(let left), .int(let right)): return left == right
        case (.double(let left), .double(let right)): return left == right
        case (.string(let left), .string(let right)): return left.hasSameBytes(as: right)
        case (.array(let left), .array(let right)): return left == right
        case (.object(let left), .object(let right)): return left == right
        default: return false
        }
    }
}

extension JSONObject.Member {
    /// The same key (by bytes) and an equal value.
    public static func == (lhs: JSONObject.Member, rhs: JSONObject.Member) -> Bool {
        lhs.key.hasSameBytes(as: rhs.key) && lhs.value == rhs.value
    }
}

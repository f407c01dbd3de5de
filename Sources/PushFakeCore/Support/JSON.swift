/// A JSON value that keeps what the wire carried: integer versus fractional numbers, and the key order of objects.
///
/// PushFake parses request bodies into `JSON` with its own byte-level parser (``JSON/parse(_:)``) and writes
/// responses and payloads with ``JSON/serialized()``, so output is byte-for-byte deterministic.
///
/// ```swift
/// let body: JSON = ["deviceId": "E621E1F8", "applicationType": "IOS", "additionalParameters": []]
/// body["deviceId"]?.stringValue  // "E621E1F8"
/// ```
public enum JSON: Sendable, Equatable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([JSON])
    case object(JSONObject)
}

/// A JSON object: ordered key/value pairs, looked up by key (the last duplicate wins).
public struct JSONObject: Sendable, Equatable, ExpressibleByDictionaryLiteral {
    /// One member of an object.
    public struct Member: Sendable, Equatable {
        public var key: String
        public var value: JSON

        public init(key: String, value: JSON) {
            self.key = key
            self.value = value
        }
    }

    /// The members in wire order.
    public private(set) var members: [Member]

    public init(_ members: [Member] = []) {
        self.members = members
    }

    public init(dictionaryLiteral elements: (String, JSON)...) {
        self.members = elements.map { Member(key: $0.0, value: $0.1) }
    }

    /// The keys in wire order.
    public var keys: [String] { members.map(\.key) }
    public var isEmpty: Bool { members.isEmpty }
    public var count: Int { members.count }

    /// Looks a key up (last occurrence wins, as in most JSON decoders); setting replaces in place or appends.
    public subscript(key: String) -> JSON? {
        get {
            var index = members.count - 1
            while index >= 0 {
                if members[index].key == key { return members[index].value }
                index -= 1
            }
            return nil
        }
        set {
            if let index = members.lastIndex(where: { $0.key == key }) {
                if let newValue {
                    members[index].value = newValue
                } else {
                    members.remove(at: index)
                }
            } else if let newValue {
                members.append(Member(key: key, value: newValue))
            }
        }
    }

    /// Whether the key is present, whatever its value (including `null`).
    public func contains(_ key: String) -> Bool {
        members.contains { $0.key == key }
    }
}

extension JSON: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
    public init(nilLiteral: ()) { self = .null }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(integerLiteral value: Int) { self = .int(value) }
    public init(floatLiteral value: Double) { self = .double(value) }
    public init(stringLiteral value: String) { self = .string(value) }
    public init(arrayLiteral elements: JSON...) { self = .array(elements) }
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

    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

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

    public var doubleValue: Double? {
        switch self {
        case .int(let value): return Double(value)
        case .double(let value): return value
        default: return nil
        }
    }

    public var arrayValue: [JSON]? {
        if case .array(let value) = self { return value }
        return nil
    }

    public var objectValue: JSONObject? {
        if case .object(let value) = self { return value }
        return nil
    }

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

/// Dotted paths into JSON values (`a.b[2].c`), as matchers and recordings use them.
public enum JSONPath {
    /// One step of a path.
    public enum Component: Sendable, Equatable {
        case key(String)
        case index(Int)
    }

    /// Splits `a.b[2].c` into keys and indices.
    public static func components(_ path: String) -> [Component] {
        var result: [Component] = []
        var key = ""
        var index: String?
        func flushKey() {
            if !key.isEmpty { result.append(.key(key)) }
            key = ""
        }
        for character in path {
            if index != nil {
                if character == "]" {
                    if let digits = index, let value = Int(digits) { result.append(.index(value)) }
                    index = nil
                } else {
                    index?.append(character)
                }
                continue
            }
            switch character {
            case ".": flushKey()
            case "[":
                flushKey()
                index = ""
            default: key.append(character)
            }
        }
        flushKey()
        return result
    }
}

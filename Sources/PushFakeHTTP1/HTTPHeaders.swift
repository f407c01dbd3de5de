/// The header fields of a request or response in wire order, with ASCII case-insensitive lookup: the one header
/// type of PushFake, from the parser through the engine and the journal to the serializer.
///
/// Fields are HTTP semantics, not HTTP/1.1 syntax (RFC 9110 §5), hence the name without the codec's `HTTP1`.
///
/// ```swift
/// var headers: HTTPHeaders = ["Content-Type": "application/json"]
/// headers.add(name: "X-Trace", value: "1")
/// headers["content-type"]  // "application/json"
/// ```
public struct HTTPHeaders: Sendable, Hashable, Sequence, ExpressibleByDictionaryLiteral {
    /// One header line: the name with its original case and the value without surrounding whitespace.
    public struct Field: Sendable, Hashable {
        /// The field name as sent, such as `Content-Type`.
        public var name: String
        /// The field value; the parser strips the optional whitespace around it.
        public var value: String

        /// Creates a field; nothing is validated (the serializer neutralises control bytes when it writes one).
        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    /// Every field in order, repeated names included.
    public private(set) var fields: [Field]

    /// Creates headers from fields, kept in the given order.
    public init(_ fields: [Field] = []) {
        self.fields = fields
    }

    /// `["Content-Type": "application/json"]`; the literal's order is kept and repeated names are allowed.
    public init(dictionaryLiteral elements: (String, String)...) {
        self.fields = elements.map { Field(name: $0.0, value: $0.1) }
    }

    /// The first value for `name`, compared ASCII case-insensitively.
    public subscript(name: String) -> String? {
        for field in fields where Self.namesEqual(field.name, name) {
            return field.value
        }
        return nil
    }

    /// Every value for `name`, in order.
    public func values(for name: String) -> [String] {
        fields.filter { Self.namesEqual($0.name, name) }.map(\.value)
    }

    /// Appends a field, keeping earlier ones with the same name.
    public mutating func add(name: String, value: String) {
        fields.append(Field(name: name, value: value))
    }

    /// Replaces every field called `name` with one field at the end.
    public mutating func replace(name: String, value: String) {
        fields.removeAll { Self.namesEqual($0.name, name) }
        fields.append(Field(name: name, value: value))
    }

    /// Sets the value of the first field called `name` where it stands (later ones stay), or appends the field when
    /// there is none.
    public mutating func setFirst(name: String, value: String) {
        if let index = fields.firstIndex(where: { Self.namesEqual($0.name, name) }) {
            fields[index].value = value
        } else {
            fields.append(Field(name: name, value: value))
        }
    }

    /// Removes every field called `name`.
    public mutating func remove(name: String) {
        fields.removeAll { Self.namesEqual($0.name, name) }
    }

    /// The number of fields, counting repeated names separately.
    public var count: Int { fields.count }

    /// Iterates the fields in wire order.
    public func makeIterator() -> IndexingIterator<[Field]> {
        fields.makeIterator()
    }

    /// ASCII case-insensitive comparison without allocating lowercased copies: bytes equal, or the same letter in
    /// either case.
    package static func namesEqual(_ lhs: String, _ rhs: String) -> Bool {
        let left = lhs.utf8
        let right = rhs.utf8
        guard left.count == right.count else { return false }
        // Native strings (all the parser and the engine make) compare on their bytes in place; a zip of the two
        // UTF-8 views cost several times as much, and every header lookup compares names.
        let inPlace = left.withContiguousStorageIfAvailable { left in
            right.withContiguousStorageIfAvailable { right in
                var index = 0
                while index < left.count {
                    guard sameLetter(left[index], right[index]) else { return false }
                    index &+= 1
                }
                return true
            }
        }
        if let inPlace, let equal = inPlace { return equal }
        for (a, b) in zip(left, right) where !sameLetter(a, b) { return false }
        return true
    }

    /// Equal bytes, or the same ASCII letter in either case.
    @inline(__always)
    private static func sameLetter(_ a: UInt8, _ b: UInt8) -> Bool {
        a == b || (a | 0x20 == b | 0x20 && (a | 0x20) >= 0x61 && (a | 0x20) <= 0x7A)
    }
}

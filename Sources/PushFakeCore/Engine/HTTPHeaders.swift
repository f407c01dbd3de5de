/// HTTP header fields in wire order, with case-insensitive lookup.
public struct HTTPHeaders: Sendable, Equatable, Sequence, ExpressibleByDictionaryLiteral {
    /// One header line as received or sent.
    public struct Field: Sendable, Equatable {
        /// The name with its original case.
        public var name: String
        /// The field value; the HTTP/1.1 parser strips the whitespace around it.
        public var value: String

        /// Creates a field; nothing is validated or normalised.
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

    /// The first value for `name`, compared case-insensitively.
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

    /// Appends a field, keeping any earlier ones with the same name.
    public mutating func add(name: String, value: String) {
        fields.append(Field(name: name, value: value))
    }

    /// Replaces every field called `name` with one field.
    public mutating func replace(name: String, value: String) {
        fields.removeAll { Self.namesEqual($0.name, name) }
        fields.append(Field(name: name, value: value))
    }

    /// Removes every field called `name` (case-insensitive).
    public mutating func remove(name: String) {
        fields.removeAll { Self.namesEqual($0.name, name) }
    }

    /// The number of fields, counting repeated names separately.
    public var count: Int { fields.count }

    /// Iterates the fields in wire order.
    public func makeIterator() -> IndexingIterator<[Field]> {
        fields.makeIterator()
    }

    /// ASCII case-insensitive comparison without allocating lowercased copies.
    package static func namesEqual(_ lhs: String, _ rhs: String) -> Bool {
        let left = lhs.utf8
        let right = rhs.utf8
        guard left.count == right.count else { return false }
        for (a, b) in zip(left, right) where a != b {
            guard lowercase(a) == lowercase(b) else { return false }
        }
        return true
    }

    private static func lowercase(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte
    }
}

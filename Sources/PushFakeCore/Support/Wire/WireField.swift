/// One member of a JSON object and where its value lives in the Swift value: one line of a ``WireDescription``.
///
/// - ``required(_:_:_:_:)``: must be present (and not `null`); always written.
/// - ``optional(_:_:_:writesNull:_:)``: absent or `null` reads as `nil`; `nil` is left out (or written `null`).
/// - ``defaulted(_:_:_:_:omitted:)``: absent or `null` keeps the value the description starts from.
/// - ``derived(_:_:_:_:)``: always written from the value; only checked when read (a count, a text form).
/// - ``constant(_:_:_:)``: always the same value (`{"status": "ok"}`).
public struct WireField<Owner>: Sendable {
    /// The member's name, exactly as on the wire.
    public let name: String
    /// What it means, for the schema's `description` (empty: none).
    public let summary: String
    /// Whether a reader needs it.
    public let isRequired: Bool
    /// Whether every value writes it (what an answer's schema requires, ``WireDescription/isAnswer``).
    public let isAlwaysWritten: Bool
    /// Whether it may be written as `null`.
    public let writesNull: Bool
    /// Reads the member's value (`nil`: absent or `null`) into the owner; `path` is the member's.
    let read:
        @Sendable (_ json: JSON?, _ owner: inout Owner, _ path: String, _ context: WireContext) throws(JSONFieldError)
            -> Void
    /// Appends the member (or nothing) for the owner.
    let write: @Sendable (_ owner: Owner, _ members: inout [JSONObject.Member]) -> Void
    /// The schema of its value (without `null`, which optional members also take).
    let schema: @Sendable (inout WireSchemas) -> JSON

    /// A field from its parts, for members the kinds above do not fit.
    public init(
        _ name: String, summary: String = "", isRequired: Bool, isAlwaysWritten: Bool? = nil, writesNull: Bool = false,
        read: @escaping @Sendable (JSON?, inout Owner, String, WireContext) throws(JSONFieldError) -> Void,
        write: @escaping @Sendable (Owner, inout [JSONObject.Member]) -> Void,
        schema: @escaping @Sendable (inout WireSchemas) -> JSON
    ) {
        self.name = name
        self.summary = summary
        self.isRequired = isRequired
        self.isAlwaysWritten = isAlwaysWritten ?? isRequired
        self.writesNull = writesNull
        self.read = read
        self.write = write
        self.schema = schema
    }

    /// Must be present and not `null`; always written.
    public static func required<Value>(
        _ name: String, _ keyPath: WritableKeyPath<Owner, Value> & Sendable, _ codec: WireCodec<Value>,
        _ summary: String = ""
    ) -> WireField {
        WireField(
            name, summary: summary, isRequired: true,
            read: { (json, owner, path, context) throws(JSONFieldError) in
                guard let json else { throw JSONFieldError(path: path, problem: "is required") }
                owner[keyPath: keyPath] = try codec.read(json, path, context)
            },
            write: { owner, members in members.append(.init(key: name, value: codec.write(owner[keyPath: keyPath]))) },
            schema: codec.schema)
    }

    /// Absent or `null` reads as `nil`; `nil` is left out, or written as `null` when `writesNull`.
    public static func optional<Value>(
        _ name: String, _ keyPath: WritableKeyPath<Owner, Value?> & Sendable, _ codec: WireCodec<Value>,
        writesNull: Bool = false, _ summary: String = ""
    ) -> WireField {
        WireField(
            name, summary: summary, isRequired: false, isAlwaysWritten: writesNull, writesNull: writesNull,
            read: { (json, owner, path, context) throws(JSONFieldError) in
                owner[keyPath: keyPath] = try json.map { json throws(JSONFieldError) in
                    try codec.read(json, path, context)
                }
            },
            write: { owner, members in
                if let value = owner[keyPath: keyPath] {
                    members.append(.init(key: name, value: codec.write(value)))
                } else if writesNull {
                    members.append(.init(key: name, value: .null))
                }
            },
            schema: codec.schema)
    }

    /// Absent or `null` keeps the value the description starts from; written unless `omitted` says so.
    public static func defaulted<Value>(
        _ name: String, _ keyPath: WritableKeyPath<Owner, Value> & Sendable, _ codec: WireCodec<Value>,
        _ summary: String = "", omitted: (@Sendable (Value) -> Bool)? = nil
    ) -> WireField {
        WireField(
            name, summary: summary, isRequired: false, isAlwaysWritten: omitted == nil,
            read: { (json, owner, path, context) throws(JSONFieldError) in
                guard let json else { return }
                owner[keyPath: keyPath] = try codec.read(json, path, context)
            },
            write: { owner, members in
                let value = owner[keyPath: keyPath]
                if omitted?(value) != true { members.append(.init(key: name, value: codec.write(value))) }
            },
            schema: codec.schema)
    }

    /// Always written from the value (a count, a text form of the rest); a reader only checks that it is there and
    /// of the right form.
    public static func derived<Value>(
        _ name: String, _ get: @escaping @Sendable (Owner) -> Value, _ codec: WireCodec<Value>, _ summary: String = ""
    ) -> WireField {
        WireField(
            name, summary: summary, isRequired: true,
            read: { (json, _, path, context) throws(JSONFieldError) in
                guard let json else { throw JSONFieldError(path: path, problem: "is required") }
                _ = try codec.read(json, path, context)
            },
            write: { owner, members in members.append(.init(key: name, value: codec.write(get(owner)))) },
            schema: codec.schema)
    }

    /// Always exactly `value` (`{"status": "ok"}`, `{"reset": true}`): required, read only to check it.
    public static func constant(_ name: String, _ value: JSON, _ summary: String = "") -> WireField {
        let codec = WireCodec<JSON>.constant(value)
        return WireField(
            name, summary: summary, isRequired: true,
            read: { (json, _, path, context) throws(JSONFieldError) in
                guard let json else { throw JSONFieldError(path: path, problem: "is required") }
                _ = try codec.read(json, path, context)
            },
            write: { _, members in members.append(.init(key: name, value: value)) }, schema: codec.schema)
    }
}

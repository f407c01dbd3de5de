/// The one description of a JSON form: an object of fields (``WireField``, one line each), or a whole-value codec
/// for forms that are no such object (`"once"` or `{"times": 2}`). The reader, the writer and the JSON Schema of
/// a ``WireType`` all come from it.
///
/// Reading is strict, as every input of PushFake (FakeBehaviour.md, "Strict inputs"): an object with only the
/// described members, each at most once (compared by bytes), `null` read as absent, every value of its codec's type
/// and range; errors are ``JSONFieldError``s naming the path (`match.headers[0].name`). Writing keeps the fields'
/// order. The schema says the same: `additionalProperties: false`, the required members, optional ones `null`able.
public struct WireDescription<Value>: Sendable {
    /// The schema's component name (`FaultRule`); `nil` describes the value inline wherever it is used.
    public let name: String?
    /// What the value is, for the schema's `description` (empty: none).
    public let summary: String
    /// The members, in the order they are written.
    public let fields: [WireField<Value>]
    /// What reading starts from: the defaults of the members a reader may leave out.
    private let prototype: (@Sendable () -> Value)?
    /// Rules between members, run after they are read (`path` is the object's).
    private let check:
        (@Sendable (_ value: inout Value, _ path: String, _ context: WireContext) throws(JSONFieldError) -> Void)?
    /// Adds what the members alone do not say to the object schema (`oneOf`, `allOf`).
    private let refine: (@Sendable (_ schema: inout JSONObject, _ schemas: inout WireSchemas) -> Void)?
    /// The whole form, when it is no object of fields.
    private let whole: WireCodec<Value>?
    /// Whether other members are refused (inputs, and most answers) or skipped (answers that may carry more).
    public let closed: Bool
    /// Whether the value is only written by the server (an admin answer): its schema then says what is written —
    /// the members always written required, `null` only where it is written — rather than what a reader takes.
    public let isAnswer: Bool

    /// An object of `fields`, read starting from `prototype`.
    public init(
        name: String? = nil, summary: String = "", _ prototype: @autoclosure @escaping @Sendable () -> Value,
        fields: [WireField<Value>], closed: Bool = true, answer: Bool = false,
        check: (@Sendable (inout Value, String, WireContext) throws(JSONFieldError) -> Void)? = nil,
        refine: (@Sendable (inout JSONObject, inout WireSchemas) -> Void)? = nil
    ) {
        self.closed = closed
        self.isAnswer = answer
        self.name = name
        self.summary = summary
        self.prototype = prototype
        self.fields = fields
        self.check = check
        self.refine = refine
        self.whole = nil
    }

    /// A form that is no object of fields: `codec` reads, writes and describes it.
    public init(name: String? = nil, summary: String = "", codec: WireCodec<Value>) {
        self.name = name
        self.summary = summary
        self.fields = []
        self.closed = true
        self.isAnswer = false
        self.prototype = nil
        self.check = nil
        self.refine = nil
        self.whole = codec
    }

    /// The member names, in order.
    public var names: [String] { fields.map(\.name) }

    /// Reads `json`, found at `path` (empty for a whole input).
    /// - Throws: ``JSONFieldError`` naming the path of the first bad part.
    public func read(_ json: JSON, path: String = "", context: WireContext = WireContext()) throws(JSONFieldError)
        -> Value
    {
        if let whole { return try whole.read(json, path, context) }
        let object = try JSONFields(json, path: path, allowed: closed ? names : (json.objectValue?.keys ?? []))
        guard let prototype else { throw JSONFieldError(path: path, problem: "cannot be read") }
        var value = prototype()
        for field in fields {
            try field.read(object.value(field.name), &value, object.childPath(field.name), context)
        }
        try check?(&value, path, context)
        return value
    }

    /// The JSON form of `value`.
    public func write(_ value: Value) -> JSON {
        if let whole { return whole.write(value) }
        var members: [JSONObject.Member] = []
        members.reserveCapacity(fields.count)
        for field in fields { field.write(value, &members) }
        return .object(JSONObject(members))
    }

    /// The schema, inline (not as a reference to its component).
    public func inlineSchema(_ schemas: inout WireSchemas) -> JSON {
        var schema: JSONObject
        if let whole {
            schema = whole.schema(&schemas).objectValue ?? [:]
        } else {
            var properties: [JSONObject.Member] = []
            for field in fields {
                var value = field.schema(&schemas)
                if isAnswer ? field.writesNull : !field.isRequired { value = WireSchemas.nullable(value) }
                if !field.summary.isEmpty, case .object(var object) = value {
                    object["description"] = .string(field.summary)
                    value = .object(object)
                }
                properties.append(.init(key: field.name, value: value))
            }
            let required = fields.filter { isAnswer ? $0.isAlwaysWritten : $0.isRequired }.map(\.name)
            schema =
                WireSchemas.object(JSONObject(properties), required: required, closed: closed).objectValue ?? [:]
            refine?(&schema, &schemas)
        }
        if !summary.isEmpty { schema["description"] = .string(summary) }
        return .object(schema)
    }

    /// The description as a codec: how a member or an array item of this type is read, written and described (a
    /// named description as a `$ref` to its component).
    public var codec: WireCodec<Value> {
        WireCodec(
            read: { (json, path, context) throws(JSONFieldError) -> Value in
                try read(json, path: path, context: context)
            },
            write: write,
            schema: { schemas in
                guard let name else { return inlineSchema(&schemas) }
                return schemas.component(name) { inlineSchema(&$0) }
            })
    }

    /// `path.key`, as error paths join (`match` and `vendor` → `match.vendor`).
    public static func path(_ path: String, _ key: String) -> String {
        JSONFields.join(path, key)
    }
}

/// Collects the JSON Schemas (2020-12, as OpenAPI 3.1 uses them) of wire descriptions: a named description
/// becomes a component once and a `$ref` wherever it is used.
///
/// ```swift
/// var schemas = WireSchemas(vendors: .standard)
/// let body = schemas.schema(of: FaultRuleSpec.self)   // {"$ref": "#/components/schemas/FaultRuleInput"}
/// schemas.components                                  // FaultRuleInput, FaultMatcher, Fault, …
/// ```
public struct WireSchemas: Sendable {
    /// The vendors whose names, operations and fault keys the schemas list.
    public let vendors: VendorRegistry
    /// The named schemas so far, by name, in the order first used.
    public private(set) var components = JSONObject()

    /// An empty collection for `vendors`.
    public init(vendors: VendorRegistry = .standard) {
        self.vendors = vendors
    }

    /// `{"$ref": "#/components/schemas/<name>"}`.
    public static func ref(_ name: String) -> JSON {
        ["$ref": .string("#/components/schemas/\(name)")]
    }

    /// The schema of `type`'s values (a `$ref` when its description is named).
    public mutating func schema<Value: WireType>(of type: Value.Type) -> JSON {
        Value.wire.codec.schema(&self)
    }

    /// A reference to the component `name`, made by `make` the first time (a placeholder stands in while it is
    /// made, so descriptions that refer to themselves end).
    public mutating func component(_ name: String, _ make: (inout WireSchemas) -> JSON) -> JSON {
        if !components.contains(name) {
            components[name] = [:]
            let schema = make(&self)
            components[name] = schema
        }
        return Self.ref(name)
    }

    /// Adds a schema under `name` unless there is one.
    public mutating func add(_ name: String, _ schema: JSON) {
        if !components.contains(name) { components[name] = schema }
    }

    /// `schema` or `null`.
    public static func nullable(_ schema: JSON) -> JSON {
        ["anyOf": [schema, ["type": "null"]]]
    }

    /// An object schema of `properties`: `required` ones present, the others optional; `closed`: no other member.
    public static func object(_ properties: JSONObject, required: [String] = [], closed: Bool = true) -> JSON {
        var schema: JSONObject = ["type": "object", "properties": .object(properties)]
        if !required.isEmpty { schema["required"] = .array(required.map(JSON.string)) }
        if closed { schema["additionalProperties"] = false }
        return .object(schema)
    }
}

extension Fault: WireType {
    /// The `fault` object (FakeBehaviour.md, Faults), with the fault keys of the context's vendors: exactly one
    /// kind, each may add `delay`. Component `Fault`. Its members are the vendors' fault keys, known only from the
    /// context, so no fixed list of fields describes it: ``init(json:vendors:)`` reads it and its schema gives
    /// one variant per kind.
    public static let wire = WireDescription<Fault>(
        name: "Fault",
        codec: .reader(
            { (json, context) throws(JSONFieldError) -> Fault in try Fault(json: json, vendors: context.vendors) },
            write: \.jsonValue, schema: { schemas in schema(schemas.vendors) }))

    /// One variant per vendor fault key (or per schema it gives), then `status`, `drop`, `malformedBody`, `delay`.
    static func schema(_ vendors: VendorRegistry) -> JSON {
        let delay = WireSchemas.nullable(["type": "number", "minimum": 0.0, "maximum": .double(maximumDelay)])
        var variants: [JSON] = []
        func variant(_ properties: JSONObject, required: [String]) -> JSON {
            var members = properties
            members["delay"] = delay
            return WireSchemas.object(members, required: required)
        }
        for key in vendors.faultKeys {
            let schemas: [JSON] =
                key.schemas.isEmpty
                ? [
                    [
                        "properties": .object(
                            JSONObject(
                                [.init(key: key.key, value: [:])] + key.companions.map { .init(key: $0, value: [:]) })),
                        "required": [.string(key.key)],
                    ]
                ] : key.schemas
            for schema in schemas {
                let required = schema["required"]?.arrayValue?.compactMap(\.stringValue) ?? [key.key]
                variants.append(variant(schema["properties"]?.objectValue ?? [:], required: required))
            }
        }
        let status: JSON = [
            "type": "integer", "minimum": .int(statusRange.lowerBound), "maximum": .int(statusRange.upperBound),
        ]
        variants.append(variant(["status": status, "body": [:]], required: ["status"]))
        variants.append(variant(["drop": ["enum": ["connection", "response"]]], required: ["drop"]))
        variants.append(variant(["malformedBody": ["const": true]], required: ["malformedBody"]))
        variants.append(variant([:], required: ["delay"]))
        return ["oneOf": .array(variants)]
    }
}

extension RequestMatcher: WireType {
    /// The JSON matcher form (component `Matcher`; FakeBehaviour.md, Matchers) with the vendors and operations of
    /// the context. A matcher with a `.satisfies` predicate has no JSON form: it is written without it.
    public static let wire = WireDescription<RequestMatcher>(
        name: "Matcher",
        codec: .reader(
            { (json, context) throws(JSONFieldError) -> RequestMatcher in
                try RequestMatcher(json: json, vendors: context.vendors)
            },
            write: { $0.withoutPredicates.jsonValue ?? [:] },
            schema: { schemas in schema(schemas, forFaults: false) }))

    /// The matcher form's schema; an `operation` must be one of the `vendor`'s when a vendor is given. A fault
    /// rule's matcher (`forFaults`) cannot ask for `status` or `faulted` (only `null`).
    static func schema(_ schemas: WireSchemas, forFaults: Bool) -> JSON {
        let vendors = schemas.vendors
        let token = "^[!#$%&'*+.^_`|~0-9A-Za-z-]+$"
        let header = valueMatchSchema(nameKey: "name", equals: ["type": "string"])
        let body = valueMatchSchema(nameKey: "path", equals: [:])
        let headers: JSON = ["anyOf": [header, ["type": "array", "items": header]]]
        let bodies: JSON = ["anyOf": [body, ["type": "array", "items": body]]]
        let text: JSON = ["type": "string", "minLength": 1]
        var properties: JSONObject = [
            "vendor": WireSchemas.ref("VendorName"), "operation": WireSchemas.ref("Operation"), "app": text,
            "device": text, "method": ["type": "string", "pattern": .string(token)],
            "status": [
                "type": "integer", "minimum": .int(statusRange.lowerBound), "maximum": .int(statusRange.upperBound),
            ],
            "faulted": ["type": "boolean"], "unmatched": ["type": "boolean"],
            "header": headers, "headers": headers, "body": bodies, "bodyFields": bodies,
        ]
        if forFaults {
            properties["status"] = ["type": "null"]
            properties["faulted"] = ["type": "null"]
        }
        var members = JSONObject()
        for member in properties.members { members[member.key] = WireSchemas.nullable(member.value) }
        guard case .object(var schema) = WireSchemas.object(members) else { return [:] }
        schema["allOf"] = .array(
            vendors.vendors.map { vendor in
                [
                    "if": [
                        "properties": ["vendor": VendorRegistry.exactNameSchema(vendor)], "required": ["vendor"],
                    ],
                    "then": [
                        "properties": [
                            "operation": WireSchemas.nullable([
                                "enum": .array(vendors.operations(of: vendor).map { .string($0.rawValue) })
                            ])
                        ]
                    ],
                ]
            })
        return .object(schema)
    }

    /// `{"<nameKey>": …}` with exactly one of `equals`, `contains`, `present`, `absent`.
    private static func valueMatchSchema(nameKey: String, equals: JSON) -> JSON {
        let operators: [(String, JSON)] = [
            ("equals", equals), ("contains", ["type": "string"]), ("present", ["type": "boolean"]),
            ("absent", ["type": "boolean"]),
        ]
        return [
            "oneOf": .array(
                operators.map { name, schema in
                    WireSchemas.object(
                        [nameKey: ["type": "string", "minLength": 1], name: schema], required: [nameKey, name])
                })
        ]
    }
}

import PushFakeCore

/// The JSON Schemas (2020-12, as OpenAPI 3.1 uses them) of the admin API's bodies: `components/schemas` of the
/// OpenAPI document. They describe the JSON forms Core writes and reads (RecordingFormat.md, StateFormat.md) as
/// strictly as Core reads them — unknown fields, types, ranges, the vendors and operations of the engine's registry
/// — so that a request the schema allows is one the server accepts, and the other way round (`scripts/check-openapi`
/// runs schemathesis to hold both). Optional members may be `null`, which Core reads as absent.
package enum AdminSchemas {
    /// `{"$ref": "#/components/schemas/<name>"}`.
    package static func ref(_ name: String) -> JSON {
        ["$ref": .string("#/components/schemas/\(name)")]
    }

    static func array(_ items: JSON, minItems: Int = 0) -> JSON {
        var schema: JSONObject = ["type": "array", "items": items]
        if minItems > 0 { schema["minItems"] = .int(minItems) }
        return .object(schema)
    }

    static func object(_ properties: JSONObject, required: [String] = [], additional: Bool = true) -> JSON {
        var schema: JSONObject = ["type": "object", "properties": .object(properties)]
        if !required.isEmpty { schema["required"] = .array(required.map(JSON.string)) }
        if !additional { schema["additionalProperties"] = false }
        return .object(schema)
    }

    /// A request object: only these members, the `required` ones present (and not `null`), the others optional
    /// and `null`able.
    static func input(_ properties: JSONObject, required: [String] = []) -> JSON {
        var members = JSONObject()
        for member in properties.members {
            members[member.key] = required.contains(member.key) ? member.value : nullable(member.value)
        }
        return object(members, required: required, additional: false)
    }

    /// `schema` or `null`.
    static func nullable(_ schema: JSON) -> JSON {
        ["anyOf": [schema, ["type": "null"]]]
    }

    static let string: JSON = ["type": "string"]
    /// What Core's readers call a non-empty string.
    static let text: JSON = ["type": "string", "minLength": 1]
    static let nullableString: JSON = ["type": ["string", "null"]]
    static let integer: JSON = ["type": "integer"]
    static let number: JSON = ["type": "number"]
    static let boolean: JSON = ["type": "boolean"]
    static let anyJSON: JSON = [:]
    static let timestamp: JSON = ["type": "string", "format": "date-time"]
    static let headerPairs: JSON = array(["type": "array", "items": ["type": "string"], "minItems": 2, "maxItems": 2])

    static func integer(_ range: ClosedRange<Int>) -> JSON {
        ["type": "integer", "minimum": .int(range.lowerBound), "maximum": .int(range.upperBound)]
    }

    static func number(_ range: ClosedRange<Double>) -> JSON {
        ["type": "number", "minimum": .double(range.lowerBound), "maximum": .double(range.upperBound)]
    }

    /// Every named schema, for an engine with these vendors. The inputs and the Core forms come from their wire
    /// descriptions (``WireType``), next to their readers; the answers the server builds are described here.
    package static func components(vendors: VendorRegistry) -> JSONObject {
        var schemas = WireSchemas(vendors: vendors)
        schemas.add("Error", object(["error": string], required: ["error"]))
        schemas.add(
            "Health",
            object(["status": ["const": "ok"], "journal": anyJSON, "connections": anyJSON], required: ["status"]))
        let entry = schemas.schema(of: JournalEntry.self)
        schemas.add(
            "JournalPage",
            object(
                ["entries": array(entry), "count": integer, "total": integer, "dropped": integer],
                required: ["entries", "count", "total", "dropped"]))
        _ = schemas.schema(of: Delivery.self)
        schemas.add("VendorName", VendorRegistry.nameSchema(vendors))
        schemas.add("Operation", VendorRegistry.operationSchema(vendors))
        _ = schemas.schema(of: RequestMatcher.self)
        _ = schemas.schema(of: FaultRuleSpec.self)
        _ = schemas.schema(of: FaultRule.self)
        _ = schemas.schema(of: VerifyRequest.self)
        _ = schemas.schema(of: WaitRequest.self)
        schemas.add(
            "Outcome",
            object(
                ["ok": boolean, "message": string, "matched": array(integer), "entries": array(entry)],
                required: ["ok"]))
        schemas.add(
            "Clock", object(["now": timestamp, "mode": ["enum": ["fixed", "real"]]], required: ["now", "mode"]))
        _ = schemas.schema(of: ClockCommand.self)
        _ = schemas.schema(of: PushFakeConfiguration.self)
        schemas.add(
            "Instance",
            object(
                [
                    "id": string, "urls": object(["base": string, "admin": string], required: ["base", "admin"]),
                    // The limit the instance got: what it asked for, at most the server's (null: none).
                    "journalLimit": nullable(integer(1...9_007_199_254_740_991)),
                ],
                required: ["id", "urls", "journalLimit"]))
        schemas.add(
            "StateLoaded",
            object(
                [
                    "loaded": ["const": true], "clock": ref("Clock"),
                    "vendors": [
                        "type": "object", "description": "Record counts by vendor name, then by kind of record.",
                        "additionalProperties": ["type": "object", "additionalProperties": integer],
                    ],
                    "deliveries": integer, "faults": integer,
                ], required: ["loaded", "clock", "vendors", "deliveries", "faults"]))
        schemas.add(
            "RecordingCompare",
            object(
                [
                    "recording": string, "ignore": array(string),
                    "maxDifferences": integer(RecordingDifference.limitRange),
                ], required: ["recording"], additional: false))
        schemas.add(
            "RecordingOutcome",
            object(
                ["ok": boolean, "message": string, "comparison": RecordingDifference.schema],
                required: ["ok", "message"]))
        _ = schemas.component("State") { StateDocumentSchema.input(&$0) }
        _ = schemas.component("StateDump") { StateDocumentSchema.dump(&$0, clock: ref("Clock")) }
        return schemas.components
    }
}

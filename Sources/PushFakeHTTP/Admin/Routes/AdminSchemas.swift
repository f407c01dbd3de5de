import PushFakeCore

/// The JSON Schemas (2020-12, as OpenAPI 3.1 uses them) of the admin API's bodies: `components/schemas` of the
/// OpenAPI document. They describe the JSON forms Core writes and reads (RecordingFormat.md, StateFormat.md) as
/// strictly as Core reads them — unknown fields, types, ranges, the vendors and operations of the engine's registry
/// — so that a request the schema allows is one the server accepts, and the other way round (`scripts/check-openapi`
/// runs schemathesis to hold both). Optional members of inputs may be `null`, which Core reads as absent; the
/// answers' schemas say what the server writes (``WireDescription/isAnswer``).
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

    static let string: JSON = ["type": "string"]
    static let integer: JSON = ["type": "integer"]

    static func integer(_ range: ClosedRange<Int>) -> JSON {
        ["type": "integer", "minimum": .int(range.lowerBound), "maximum": .int(range.upperBound)]
    }

    /// Every named schema, for an engine with these vendors: each comes from its wire description (``WireType``),
    /// the inputs and Core's forms next to their readers, the admin answers in `Admin/Answers/`.
    package static func components(vendors: VendorRegistry) -> JSONObject {
        var schemas = WireSchemas(vendors: vendors)
        _ = schemas.schema(of: AdminError.self)
        _ = schemas.schema(of: HealthAnswer.self)
        _ = schemas.schema(of: JournalEntry.self)
        _ = schemas.schema(of: JournalPage.self)
        _ = schemas.schema(of: Delivery.self)
        schemas.add("VendorName", VendorRegistry.nameSchema(vendors))
        schemas.add("Operation", VendorRegistry.operationSchema(vendors))
        _ = schemas.schema(of: RequestMatcher.self)
        _ = schemas.schema(of: FaultRuleSpec.self)
        _ = schemas.schema(of: FaultRule.self)
        _ = schemas.schema(of: VerifyRequest.self)
        _ = schemas.schema(of: WaitRequest.self)
        _ = schemas.schema(of: Outcome.self)
        _ = schemas.schema(of: ClockReading.self)
        _ = schemas.schema(of: ClockCommand.self)
        _ = schemas.schema(of: PushFakeConfiguration.self)
        _ = schemas.schema(of: InstanceAnswer.self)
        _ = schemas.schema(of: StateSummary.self)
        schemas.add(
            "RecordingCompare",
            object(
                [
                    "recording": string, "ignore": array(string),
                    "maxDifferences": integer(RecordingDifference.limitRange),
                ], required: ["recording"], additional: false))
        _ = schemas.schema(of: RecordingOutcome.self)
        _ = schemas.component("State") { StateDocumentSchema.input(&$0) }
        _ = schemas.schema(of: StateDump.self)
        for answer in [
            FaultList.self, DeliveryPage.self, VendorViews.self, RouteList.self, InstanceList.self,
            InstanceDeleted.self, JournalCleared.self, ResetDone.self, FaultRemoved.self,
        ] as [any WireType.Type] {
            _ = answer.schema(in: &schemas)
        }
        return schemas.components
    }
}

extension WireType {
    /// Adds the type's schema to `schemas` (for a list of types).
    fileprivate static func schema(in schemas: inout WireSchemas) -> JSON { schemas.schema(of: Self.self) }
}

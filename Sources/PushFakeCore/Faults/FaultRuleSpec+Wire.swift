extension FaultRuleSpec: WireType, WireForm {
    /// The JSON form of a rule to add (component `FaultRuleInput`): `match` (a matcher without `status` and
    /// `faulted`), `fault` (required), `scope`. An `id` is refused by name: the engine numbers rules.
    public static let wire = WireDescription<FaultRuleSpec>(
        name: "FaultRuleInput",
        formSchema: { schemas in
            let match = schemas.component("FaultMatcher") { RequestMatcher.schema($0, forFaults: true) }
            let fault = Fault.wire.codec.schema(&schemas)
            let scope = FaultScope.wire.codec.schema(&schemas)
            return WireSchemas.object(
                ["match": WireSchemas.nullable(match), "fault": fault, "scope": WireSchemas.nullable(scope)],
                required: ["fault"])
        })
}

extension FaultRule: WireType {
    /// A rule as the admin API lists it and state documents hold it (component `FaultRule`); `match` may show a
    /// `.satisfies` predicate as `{"path", "satisfies"}`, which only a listing has.
    public static let wire = WireDescription<FaultRule>(
        name: "FaultRule",
        codec: .reader(
            { (json, context) throws(JSONFieldError) -> FaultRule in
                try FaultRule(json: json, vendors: context.vendors, id: { "" })
            },
            write: \.jsonValue,
            schema: { _ in
                WireSchemas.object(
                    [
                        "id": ["type": "string"], "match": [:], "fault": ["type": "object"], "scope": [:],
                        "description": ["type": "string"], "matchCount": ["type": "integer"],
                        "appliedCount": ["type": "integer"], "exhausted": ["type": "boolean"],
                    ], required: ["id"], closed: false)
            }))
}

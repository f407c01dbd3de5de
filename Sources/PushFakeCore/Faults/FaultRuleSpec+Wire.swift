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
    /// A rule as the admin API lists it and state documents hold it (component `FaultRule`): its members are
    /// described once, in `FaultRuleForm` (`FaultRuleForm.swift`).
    public static let wire = WireDescription<FaultRule>(
        name: "FaultRule",
        codec: WireCodec(
            read: { (json, path, context) throws(JSONFieldError) -> FaultRule in
                let form = try FaultRuleForm.wire.read(json, path: path, context: context)
                return try form.rule(path: path, vendors: context.vendors, id: { "" })
            },
            write: { FaultRuleForm.wire.write(FaultRuleForm($0)) }, schema: FaultRuleForm.wire.codec.schema))
}

/// A fault rule as the admin API lists it and state documents hold it (StateFormat.md), member by member: what
/// ``FaultRule/wire`` reads and writes. `match`, `fault` and `scope` are read together as a rule to add
/// (``FaultRuleSpec``, whose rules they follow; a listing may show a `.satisfies` predicate as
/// `{"path", "satisfies"}`, which no reader takes); `description` and `exhausted` are derived and only
/// type-checked.
struct FaultRuleForm: Sendable {
    var id: String?
    var match: JSON?
    var fault: JSON = [:]
    var scope: JSON?
    var description = ""
    var matchCount = 0
    var appliedCount = 0
    var exhausted = false

    init() {}

    /// The form of `rule`.
    init(_ rule: FaultRule) {
        id = rule.id
        match = rule.matcher.json(markingPredicates: true) ?? [:]
        fault = rule.fault.jsonValue
        scope = rule.scope.jsonValue
        description = rule.description
        matchCount = rule.matchCount
        appliedCount = rule.appliedCount
        exhausted = rule.isExhausted
    }

    /// The rule, `defaultID` numbering it when the form has no `id`; errors name their member under `path`.
    func rule(path: String, vendors: VendorRegistry, id defaultID: () -> String) throws(JSONFieldError) -> FaultRule {
        var members: [JSONObject.Member] = []
        if let match { members.append(.init(key: "match", value: match)) }
        members.append(.init(key: "fault", value: fault))
        if let scope { members.append(.init(key: "scope", value: scope)) }
        let spec: FaultRuleSpec
        do throws(JSONFieldError) {
            spec = try FaultRuleSpec(json: .object(JSONObject(members)), vendors: vendors)
        } catch {
            throw error.inside(path)
        }
        var rule = FaultRule(id: id ?? defaultID(), matcher: spec.matcher, fault: spec.fault, scope: spec.scope)
        rule.matchCount = matchCount
        rule.appliedCount = appliedCount
        guard appliedCount <= matchCount else {
            throw JSONFieldError(
                path: JSONFields.join(path, "appliedCount"), problem: "must not exceed matchCount (\(matchCount))")
        }
        return rule
    }

    /// Any JSON value, read as it is, described by `schema`.
    private static func raw(_ schema: @escaping @Sendable (inout WireSchemas) -> JSON) -> WireCodec<JSON> {
        WireCodec(read: WireCodec<JSON>.json.read, write: WireCodec<JSON>.json.write, schema: schema)
    }

    /// A member that a reader may leave out and the rule always writes.
    private static func written<Value>(
        _ name: String, _ keyPath: WritableKeyPath<FaultRuleForm, Value?> & Sendable, _ codec: WireCodec<Value>,
        _ summary: String
    ) -> WireField<FaultRuleForm> {
        let optional = WireField<FaultRuleForm>.optional(name, keyPath, codec)
        return WireField(
            name, summary: summary, isRequired: false, isAlwaysWritten: true, read: optional.read,
            write: optional.write, schema: optional.schema)
    }

    static let wire = WireDescription<FaultRuleForm>(
        FaultRuleForm(),
        fields: [
            written("id", \.id, .text, "The rule's id: fault-1, fault-2, … (a state document may leave it out)."),
            written("match", \.match, raw { _ in ["type": "object"] }, "The requests it applies to."),
            .required("fault", \.fault, raw { $0.schema(of: Fault.self) }, "What it does to them."),
            written("scope", \.scope, raw { $0.schema(of: FaultScope.self) }, "How many times it applies."),
            .defaulted("description", \.description, .string, "The rule in words."),
            .defaulted(
                "matchCount", \.matchCount, .int(in: FaultRule.counterRange), "Requests it matched so far."),
            .defaulted(
                "appliedCount", \.appliedCount, .int(in: FaultRule.counterRange), "Requests it shaped so far."),
            .defaulted("exhausted", \.exhausted, .bool, "Whether its scope is used up."),
        ], answer: true)
}

extension FaultRule {
    /// The largest counter a state document may give a rule: 2^53 - 1, the largest integer a JSON number holds
    /// exactly.
    static let counterRange = 0...9_007_199_254_740_991

    /// The rule as the admin API lists it and state documents hold it (StateFormat.md):
    /// `{"id", "match", "fault", "scope", "description", "matchCount", "appliedCount", "exhausted"}`, with `match`,
    /// `fault` and `scope` in their JSON forms (a `.satisfies` predicate appears as `{"path", "satisfies"}`) and
    /// `description` the text of ``description``.
    public var jsonValue: JSON {
        [
            "id": .string(id), "match": matcher.json(markingPredicates: true) ?? [:], "fault": fault.jsonValue,
            "scope": scope.jsonValue, "description": .string(description), "matchCount": .int(matchCount),
            "appliedCount": .int(appliedCount), "exhausted": .bool(isExhausted),
        ]
    }

    /// Reads ``jsonValue`` back (state documents); `id` is optional (`nil`: the caller numbers it), `description`
    /// and `exhausted` are derived and only type-checked.
    init(json: JSON, vendors: VendorRegistry, id defaultID: () -> String) throws(JSONFieldError) {
        let fields = try JSONFields(
            json, path: "",
            allowed: ["id", "match", "fault", "scope", "description", "matchCount", "appliedCount", "exhausted"])
        let spec = try FaultRuleSpec(
            json: .object(
                JSONObject(fields.object.members.filter { ["match", "fault", "scope"].contains($0.key) })),
            vendors: vendors)
        _ = try fields.string("description", nonEmpty: false)
        _ = try fields.bool("exhausted")
        self.init(
            id: try fields.string("id") ?? defaultID(), matcher: spec.matcher, fault: spec.fault, scope: spec.scope)
        matchCount = try fields.int("matchCount", in: Self.counterRange) ?? 0
        appliedCount = try fields.int("appliedCount", in: Self.counterRange) ?? 0
        guard appliedCount <= matchCount else {
            throw fields.failure("appliedCount", "must not exceed matchCount (\(matchCount))")
        }
    }
}

extension PushFake {
    /// Adds a rule from its JSON form.
    @discardableResult
    public func inject(_ spec: FaultRuleSpec) -> String {
        inject(spec.fault, when: spec.matcher, scope: spec.scope)
    }
}

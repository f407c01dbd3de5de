extension FaultRule {
    /// The largest counter a state document may give a rule: 2^53 - 1, the largest integer a JSON number holds
    /// exactly.
    static let counterRange = 0...9_007_199_254_740_991

    /// Reads ``jsonValue`` back (state documents); `id` is optional (`nil`: the caller numbers it), `description`
    /// and `exhausted` are derived and only type-checked.
    init(json: JSON, vendors: VendorRegistry, id defaultID: () -> String) throws(JSONFieldError) {
        let form = try FaultRuleForm.wire.read(json, context: WireContext(vendors: vendors))
        self = try form.rule(path: "", vendors: vendors, id: defaultID)
    }
}

extension PushFake {
    /// Adds a rule from its JSON form.
    @discardableResult
    public func inject(_ spec: FaultRuleSpec) -> String {
        inject(spec.fault, when: spec.matcher, scope: spec.scope)
    }
}

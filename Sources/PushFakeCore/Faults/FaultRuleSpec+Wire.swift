extension FaultRuleSpec: WireType {
    /// The JSON form of a rule to add (component `FaultRuleInput`): `match` (a matcher without `status` and
    /// `faulted`), `fault` (required), `scope`. An `id` is refused by name, before anything else: the engine
    /// numbers rules. ``jsonValue`` writes predicates in the matcher as `satisfies`, which ``init(json:vendors:)``
    /// refuses.
    public static let wire = WireDescription<FaultRuleSpec>(
        name: "FaultRuleInput",
        codec: WireCodec(
            read: { (json, path, context) throws(JSONFieldError) -> FaultRuleSpec in
                if json.objectValue?.contains("id") == true {
                    throw JSONFieldError(
                        path: JSONFields.join(path, "id"),
                        problem: "is given by the engine (fault-1, fault-2, …); leave it out")
                }
                return try members.read(json, path: path, context: context)
            },
            write: { members.write($0) }, schema: { members.inlineSchema(&$0) }))

    /// The members, read with the context's vendors.
    private static let members = WireDescription<FaultRuleSpec>(
        FaultRuleSpec(matcher: .any, fault: .dropConnection, scope: .once),
        fields: [
            .defaulted("match", \.matcher, faultMatcher, "The requests it applies to; absent or null: every request."),
            .required("fault", \.fault, .wire(), "What happens instead of the normal answer."),
            .defaulted("scope", \.scope, .wire(), "How often it applies (default once)."),
        ])

    /// A matcher that cannot ask for `status` or `faulted`, which only a journal query can know (component
    /// `FaultMatcher`). Written with predicates marked as `satisfies`, which the reader refuses.
    private static let faultMatcher = WireCodec<RequestMatcher>(
        read: { (json, path, context) throws(JSONFieldError) -> RequestMatcher in
            let matcher = try RequestMatcher.wire.codec.read(json, path, context)
            for (key, isSet) in [("status", matcher.status != nil), ("faulted", matcher.faulted != nil)] where isSet {
                throw JSONFieldError(
                    path: JSONFields.join(path, key),
                    problem: "is for journal queries: a fault rule applies before there is a response or a fault")
            }
            return matcher
        },
        write: { $0.json(markingPredicates: true) ?? [:] },
        schema: { schemas in schemas.component("FaultMatcher") { RequestMatcher.schema($0, forFaults: true) } })
}
extension FaultRule: WireType {
    /// A rule as the admin API lists it and state documents hold it (component `FaultRule`, StateFormat.md): its
    /// members are described once, in `FaultRuleForm` (`FaultRuleForm.swift`). ``jsonValue`` writes
    /// `{"id", "match", "fault", "scope", "description", "matchCount", "appliedCount", "exhausted"}`, with `match`,
    /// `fault` and `scope` in their JSON forms (a `.satisfies` predicate appears as `{"path", "satisfies"}`) and
    /// `description` the text of ``description``.
    public static let wire = WireDescription<FaultRule>(
        name: "FaultRule",
        codec: WireCodec(
            read: { (json, path, context) throws(JSONFieldError) -> FaultRule in
                let form = try FaultRuleForm.wire.read(json, path: path, context: context)
                return try form.rule(path: path, vendors: context.vendors, id: { "" })
            },
            write: { FaultRuleForm.wire.write(FaultRuleForm($0)) }, schema: FaultRuleForm.wire.codec.schema))
}

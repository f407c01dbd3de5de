/// The JSON form of fault rules, shared by the admin API (`POST /__pushfake/faults`) and the CLI.
///
/// ```json
/// {"match": {"vendor": "<name>", "operation": "register", "app": "testApp", "device": "D1",
///            "headers": [{"name": "X-Env", "equals": "ci"}], "bodyFields": [{"path": "type", "equals": "ios"}]},
///  "fault": {"status": 503},
///  "scope": {"times": 2}}
/// ```
/// `match` is the JSON form of ``RequestMatcher`` (``RequestMatcher/init(json:vendors:)``) without `status` and
/// `faulted`, which only a journal query can know; absent or `null` matches every request. `fault` (required) is
/// the JSON form of ``Fault`` (``Fault/init(json:vendors:)``), `scope` that of ``FaultScope``
/// (``FaultScope/init(json:)``, `"once"` when absent). Every field is checked strictly (FakeBehaviour.md,
/// Faults): an unknown key, a value of the wrong type or out of range is an error naming its path, such as
/// `fault.status` or `scope.times`, and what is allowed. A rule carries no `id`: the engine numbers rules.
public struct FaultRuleSpec: Sendable, Equatable {
    /// From `match`; ``RequestMatcher/any`` when absent or `null`.
    public var matcher: RequestMatcher
    /// From `fault`, which is required.
    public var fault: Fault
    /// From `scope`; ``FaultScope/once`` when absent.
    public var scope: FaultScope

    /// Why a JSON fault rule cannot be used: the path of the bad part (`fault.status`) and what is allowed there.
    public typealias Invalid = JSONFieldError

    /// Creates a rule spec from values, for callers that already have them.
    public init(matcher: RequestMatcher, fault: Fault, scope: FaultScope) {
        self.matcher = matcher
        self.fault = fault
        self.scope = scope
    }

    /// Parses the JSON form above, with the vendor names, operations and fault keys of `vendors` (the standard
    /// registry unless told otherwise; an engine's is ``PushFake/vendors``).
    /// - Throws: ``Invalid`` naming the first field that is missing, unknown, of the wrong type or out of range.
    public init(json: JSON, vendors: VendorRegistry = .standard) throws(Invalid) {
        self = try Self.wire.read(json, context: WireContext(vendors: vendors))
    }
}

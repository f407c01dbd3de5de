/// A key a vendor adds to the JSON form of a fault (`POST /__pushfake/faults`), and how to read it.
///
/// ```swift
/// VendorFaultKey("acmeError", companions: ["message"]) { value, fault throws(FaultRuleSpec.Invalid) in
///     guard let name = value.stringValue else {
///         throw FaultRuleSpec.Invalid(path: "", problem: "must be a string such as Busy")
///     }
///     return .vendorError(AcmeError(name, message: fault["message"]?.stringValue).vendorError)
/// }
/// ```
/// makes `{"fault": {"acmeError": "Busy", "message": "…"}}` a valid rule. The parser gets the key's value and the
/// whole `fault` object (for its companion keys); any `"delay"` in it is applied by the engine afterwards. An error
/// without a path is reported at `fault.<key>`; one with a path (`message`) at that path inside `fault`.
///
/// For a fault to round-trip through JSON (``Fault/jsonValue``, state documents), the ``VendorError`` the parser
/// returns carries the members that made it (``VendorError/json``).
public struct VendorFaultKey: Sendable {
    /// Reads a key's value (and, for companion keys, the whole `fault` object) into a fault.
    public typealias Parser = @Sendable (_ value: JSON, _ fault: JSONObject) throws(FaultRuleSpec.Invalid) -> Fault

    /// The key in the `fault` object, e.g. `tpnsError`.
    public let key: String
    /// Other keys of the `fault` object the parser reads next to ``key`` (e.g. `message`); any other key next to it,
    /// except `delay`, is refused.
    public let companions: [String]
    let parse: Parser
    /// What the parser accepts, for the admin API's OpenAPI document: JSON Schemas of the `fault` objects with this
    /// key, each `{"properties": {…}, "required": [key, …]}` over ``key`` and its ``companions`` (the engine adds
    /// `delay` and refuses other keys). Empty: the key takes any value and each companion is optional.
    public let schemas: [JSON]

    /// A fault key with the companion keys its parser reads, the JSON Schemas of what it accepts, and the parser.
    public init(_ key: String, companions: [String] = [], schemas: [JSON] = [], parse: @escaping Parser) {
        self.key = key
        self.companions = companions
        self.schemas = schemas
        self.parse = parse
    }
}

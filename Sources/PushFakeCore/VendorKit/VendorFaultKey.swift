/// A key a vendor adds to the JSON form of a fault (`POST /__pushfake/faults`), and how to read it.
///
/// ```swift
/// VendorFaultKey("acmeError") { value, _ throws(FaultRuleSpec.Invalid) in
///     guard let name = value.stringValue else { throw FaultRuleSpec.Invalid("acmeError must be a string") }
///     return .vendorError(AcmeError(name).vendorError)
/// }
/// ```
/// makes `{"fault": {"acmeError": "Busy"}}` a valid rule. The parser gets the key's value and the whole `fault`
/// object (for companion keys such as a message); any `"delay"` in it is applied by the engine afterwards.
public struct VendorFaultKey: Sendable {
    /// Reads a key's value (and, for companion keys, the whole `fault` object) into a fault.
    public typealias Parser = @Sendable (_ value: JSON, _ fault: JSONObject) throws(FaultRuleSpec.Invalid) -> Fault

    /// The key in the `fault` object, e.g. `tpnsError`.
    public let key: String
    let parse: Parser

    /// A fault key with its parser.
    public init(_ key: String, parse: @escaping Parser) {
        self.key = key
        self.parse = parse
    }
}

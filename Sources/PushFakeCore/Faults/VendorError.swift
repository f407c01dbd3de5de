/// An error answer in a vendor's own vocabulary, as fault injection produces it: which vendor, the error's name or
/// code, and the exact response. Vendors make these (each adds its own `Fault` shorthands), the engine only sends
/// them.
public struct VendorError: Sendable, Equatable, CustomStringConvertible {
    /// The vendor whose vocabulary the error is from.
    public let vendor: Vendor
    /// The error's name or code as the vendor spells it, e.g. `-1001` or `InvalidToken`.
    public let name: String
    /// The answer: status, headers and body.
    public let response: FakeResponse
    /// How journals and failure messages describe the fault, e.g. `<Vendor> error <name>`.
    public let description: String
    /// The members of the `fault` JSON object that make this error again through the vendor's ``VendorFaultKey``,
    /// e.g. `{"tpnsError": -1001}`; `nil` when the vendor gives none (``Fault/jsonValue`` then writes the answer
    /// as a `status` fault).
    public let json: JSONObject?

    /// An error with its complete answer, its journal description and, for its JSON form, the fault members that
    /// make it.
    public init(vendor: Vendor, name: String, response: FakeResponse, description: String, json: JSONObject? = nil) {
        self.vendor = vendor
        self.name = name
        self.response = response
        self.description = description
        self.json = json
    }
}

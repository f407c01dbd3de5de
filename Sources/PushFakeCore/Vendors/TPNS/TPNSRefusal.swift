/// Every error answer a TPNS handler can give, as closed sets, so that a test lists them all and checks each
/// against the envelope TPNSWireProtocol.md §4.2 infers and the statuses §4.3 shows the clients expect (400, 403,
/// 422, 500). Handlers answer a refusal only through `TPNSHandler.failure(_:_:_:)`, which takes a ``Status`` and
/// field errors of a ``Code``, or with a ``TPNSErrorCode``'s response (state checks).
package enum TPNSRefusal {
    /// The status of a refusal in the `{"success":false,"message","errors"}` envelope.
    package enum Status: Int, CaseIterable, Sendable {
        /// A body that is not JSON (or not an object where one is due).
        case badRequest = 400
        /// A field that breaks its rule.
        case unprocessableEntity = 422
    }

    /// The `errorCode` of an entry of `errors` (*fake-specific*: no source names the real codes, FakeBehaviour.md).
    package enum Code: String, CaseIterable, Sendable {
        /// The body, or a string in it, is not JSON text.
        case invalidJson = "InvalidJson"
        /// A value of the wrong JSON type.
        case invalidType = "InvalidType"
        /// A value outside the allowed set (`applicationType`, `handlingLevel`).
        case invalidValue = "InvalidValue"
        /// A required value that is missing or empty.
        case notEmpty = "NotEmpty"
        /// An `applicationKey` that is not declared while apps are declared.
        case unknownApplication = "UnknownApplication"
        /// An iOS token in the broken `{length=…,bytes=0x…}` form.
        case invalidToken = "InvalidToken"
    }
}

/// Serves the three TPNS calls under `/TPNS/api/…` and `/api/…` (TPNSWireProtocol.md §1, FakeBehaviour.md): the
/// handlers ``TPNSVendor`` routes to, and the TPNS envelopes.
enum TPNSHandler {
    /// The signature every TPNS handler has.
    typealias Handler = @Sendable (inout VendorContext, inout TPNSState, inout VendorServices) -> FakeResponse

    /// `handler`, after answering a body that is not JSON with 400 in the TPNS envelope (register and send read
    /// their bodies; unregister has none to read).
    static func parsingBody(_ handler: @escaping Handler) -> Handler {
        { context, state, services in
            if let error = context.bodyError {
                // A string with invalid UTF-8 or an unpaired surrogate names its field (`deviceId`, `[0].message`).
                if error.isStringError, let field = error.path {
                    return failure(
                        .badRequest, "Request body is not valid JSON: \(error.message)",
                        [FieldError(field, "must be valid UTF-8 text (\(error.message))", .invalidJson)])
                }
                return failure(
                    .badRequest, "Request body is not valid JSON: \(error.message)",
                    [FieldError("body", "must be valid JSON (\(error.message))", .invalidJson)])
            }
            return handler(&context, &state, &services)
        }
    }

    // MARK: Envelopes (TPNSWireProtocol.md §4.2, FakeBehaviour.md TPNS)

    /// One entry of the `errors` array.
    struct FieldError: Equatable {
        var field: String
        var message: String
        var errorCode: TPNSRefusal.Code

        init(_ field: String, _ message: String, _ errorCode: TPNSRefusal.Code) {
            self.field = field
            self.message = message
            self.errorCode = errorCode
        }

        var json: JSON {
            [
                "field": .string(field), "message": .string("\(field) \(message)"),
                "errorCode": .string(errorCode.rawValue),
            ]
        }
    }

    /// A handler's refusal: `{"success":false,"message":…,"errors":[…]}` with a status of the closed
    /// ``TPNSRefusal/Status`` set.
    static func failure(_ status: TPNSRefusal.Status, _ message: String, _ errors: [FieldError]) -> FakeResponse {
        envelope(status.rawValue, message, errors)
    }

    /// `{"success":false,"message":…,"errors":[…]}`; `message` is always a string (a `null` or number would
    /// crash TPNS_iOS on some statuses, TPNSWireProtocol.md §4.4). Also the shape of unmatched routes and injected
    /// statuses.
    static func envelope(_ status: Int, _ message: String, _ errors: [FieldError]) -> FakeResponse {
        .json(status, ["success": false, "message": .string(message), "errors": .array(errors.map(\.json))])
    }

    /// 422 with every field error; the message names them all.
    static func validationFailure(_ errors: [FieldError]) -> FakeResponse {
        let summary = errors.map { "\($0.field) \($0.message)" }.joined(separator: "; ")
        return failure(.unprocessableEntity, "Validation failed: \(summary)", errors)
    }

    private static let registeredPrefix = Array(#"{"success":true,"message":null,"errors":[],"deviceId":"#.utf8)

    /// `{"success":true,"message":null,"errors":[],"deviceId":"…"}`, written directly: the hottest response.
    static func registered(_ deviceId: String) -> FakeResponse {
        var bytes = registeredPrefix
        bytes.reserveCapacity(registeredPrefix.count + deviceId.utf8.count + 3)
        JSON.writeString(deviceId, to: &bytes)
        bytes.append(UInt8(ascii: "}"))
        return .json(200, bytes: bytes)
    }

    static func success(_ extra: JSONObject = JSONObject()) -> FakeResponse {
        var body: JSONObject = ["success": true, "message": nil, "errors": []]
        for member in extra.members { body[member.key] = member.value }
        return .json(200, .object(body))
    }
}

/// Serves the three TPNS calls under `/TPNS/api/…` and `/api/…` (TPNSWireProtocol.md §1, FakeBehaviour.md).
enum TPNSHandler: VendorHandler {
    static let vendor = Vendor.tpns

    static let routes: [RoutePattern] = ["/TPNS/api", "/api"].flatMap { prefix in
        [
            RoutePattern(.tpns, .register, "POST", prefix + "/device/register"),
            RoutePattern(.tpns, .unregister, "PUT", prefix + "/application/{appKey}/device/{deviceId}/unregister"),
            RoutePattern(.tpns, .pushNotifications, "POST", prefix + "/pushnotifications"),
        ]
    }

    static func subject(of route: RouteMatch, body: JSON?) -> (app: String?, device: String?) {
        switch route.operation {
        case .register: return (body?["applicationKey"]?.stringValue, body?["deviceId"]?.stringValue)
        case .unregister: return (route.parameters["appKey"], route.parameters["deviceId"])
        default: return (body?[0]?["applicationKey"]?.stringValue, nil)
        }
    }

    static func handle(_ context: inout HandlerContext, state: inout EngineState) -> FakeResponse {
        if let error = context.bodyError, context.route.operation != .unregister {
            return failure(
                400, "Request body is not valid JSON: \(error.message)",
                [FieldError("body", "must be valid JSON (\(error.message))", "InvalidJson")])
        }
        switch context.route.operation {
        case .register: return register(&context, state: &state)
        case .unregister: return unregister(&context, state: &state)
        default: return send(&context, state: &state)
        }
    }

    static func errorResponse(status: Int, message: String) -> FakeResponse {
        failure(status, message, [])
    }

    // MARK: Envelopes (TPNSWireProtocol.md §4.2, FakeBehaviour.md TPNS)

    /// One entry of the `errors` array.
    struct FieldError: Equatable {
        var field: String
        var message: String
        var errorCode: String

        init(_ field: String, _ message: String, _ errorCode: String) {
            self.field = field
            self.message = message
            self.errorCode = errorCode
        }

        var json: JSON {
            ["field": .string(field), "message": .string("\(field) \(message)"), "errorCode": .string(errorCode)]
        }
    }

    /// `{"success":false,"message":…,"errors":[…]}`; `message` is always a string (a `null` or number would
    /// crash TPNS_iOS on some statuses, TPNSWireProtocol.md §4.4).
    static func failure(_ status: Int, _ message: String, _ errors: [FieldError]) -> FakeResponse {
        .json(status, ["success": false, "message": .string(message), "errors": .array(errors.map(\.json))])
    }

    /// 422 with every field error; the message names them all.
    static func validationFailure(_ errors: [FieldError]) -> FakeResponse {
        let summary = errors.map { "\($0.field) \($0.message)" }.joined(separator: "; ")
        return failure(422, "Validation failed: \(summary)", errors)
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

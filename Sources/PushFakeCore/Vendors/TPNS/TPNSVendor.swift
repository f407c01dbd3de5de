/// TPNS as a registered vendor (TPNSWireProtocol.md, FakeBehaviour.md TPNS): the three calls under `/TPNS/api/…`
/// and, for clients that omit the prefix, `/api/…`; devices and sends as state; the -100x codes as faults.
struct TPNSVendor: PushVendor {
    var vendor: Vendor { .tpns }
    var displayName: String { "TPNS" }
    /// `/api` without `v2` is TPNS too (FakeBehaviour.md, Common); `/api/v2` is TwinPush's longer prefix.
    var pathPrefixes: [String] { ["/TPNS", "/api"] }
    var idKinds: [IDKind] { [.tpnsNotification] }
    /// Application keys, identifiers as much as secrets: `applicationKey` in bodies, the segment after
    /// `application` in paths, the app of TPNS requests and deliveries.
    var secrets: [VendorSecret] {
        [VendorSecret.Place.bodyField("applicationKey"), .pathSegment(after: "application"), .app].map {
            VendorSecret($0, name: "tpns-app-key", isIdentifier: true)
        }
    }

    /// The members of a register and a send, and the application types (TPNSWireProtocol.md).
    var bodyStrings: [String] {
        [
            "deviceId", "deviceRegistrationId", "applicationKey", "applicationType", "additionalParameters", "key",
            "value", "message", "handlingLevel", "applicationTypes", "deviceIds",
        ] + TPNS.applicationTypes
    }

    var routes: [VendorRoute<TPNSState>] {
        ["/TPNS/api", "/api"].flatMap { prefix in
            [
                VendorRoute(
                    "POST", prefix + "/device/register", .register,
                    handler: TPNSHandler.parsingBody(TPNSHandler.register)),
                VendorRoute(
                    "PUT", prefix + "/application/{appKey}/device/{deviceId}/unregister", .unregister,
                    handler: TPNSHandler.unregister),
                VendorRoute(
                    "POST", prefix + "/pushnotifications", .pushNotifications, fields: [TPNSFields.handlingLevel],
                    handler: TPNSHandler.parsingBody(TPNSHandler.send)),
            ]
        }
    }

    /// `{"tpnsError": -1001}` or `{"tpnsError": "RegistrationIsAlreadyInProgress"}` (the name in any case).
    var faultKeys: [VendorFaultKey] {
        [
            VendorFaultKey("tpnsError", schemas: [Self.tpnsErrorSchema]) { value, _ throws(FaultRuleSpec.Invalid) in
                let code: TPNSErrorCode?
                switch value {
                case .int(let number): code = TPNSErrorCode(rawValue: number)
                case .string(let text): code = TPNSErrorCode(nameOrCode: text)
                default: code = nil
                }
                guard let code else {
                    let names = TPNSErrorCode.allCases.map(\.name)
                    throw FaultRuleSpec.Invalid(
                        path: "",
                        problem: "must be -1000, -1001 or -1002, or \(JSONFields.list(names)), "
                            + "not \(JSONFields.describe(value))")
                }
                return .tpnsError(code)
            }
        ]
    }

    /// A code as a number, or as a string: the code or its name in any case.
    static var tpnsErrorSchema: JSON {
        let codes = TPNSErrorCode.allCases
        let names = codes.map { JSONSchemaText.caseInsensitive($0.name) } + codes.map { String($0.rawValue) }
        return [
            "properties": [
                "tpnsError": [
                    "anyOf": [
                        ["enum": .array(codes.map { .int($0.rawValue) })],
                        ["type": "string", "pattern": .string("^(" + names.joined(separator: "|") + ")$")],
                    ]
                ]
            ],
            "required": ["tpnsError"],
        ]
    }

    func makeState(_ configuration: PushFakeConfiguration) -> TPNSState {
        TPNSState(configuration: configuration)
    }

    func subject(of route: RouteMatch, body: JSON?) -> (app: String?, device: String?) {
        switch route.operation {
        case .register: return (body?["applicationKey"]?.stringValue, body?["deviceId"]?.stringValue)
        case .unregister: return (route.parameter("appKey"), route.parameter("deviceId"))
        default: return (body?[0]?["applicationKey"]?.stringValue, nil)
        }
    }

    func errorResponse(status: Int, message: String) -> FakeResponse {
        TPNSHandler.envelope(status, message, [])
    }

    /// Devices in registration order; sends in the order they were accepted.
    func view(_ view: VendorView, of state: TPNSState) -> JSON? {
        if view == .devices { return .array(state.devices.map(\.jsonValue)) }
        if view == .notifications { return .array(state.notifications.map(\.jsonValue)) }
        return nil
    }

    /// Arrays of ``TPNS/Device`` and ``TPNS/Notification`` (components `TPNSDevice`, `TPNSNotification`).
    func viewSchema(_ view: VendorView, in schemas: inout WireSchemas) -> JSON? {
        if view == .devices { return ["type": "array", "items": schemas.schema(of: TPNS.Device.self)] }
        if view == .notifications { return ["type": "array", "items": schemas.schema(of: TPNS.Notification.self)] }
        return nil
    }
}

import PushFakeCore

/// The vendor half of the boundary-value matrix: every declared numeric field (``VendorField``) of every route of
/// a registry, each boundary value of its form, put into every base request of the route that has the field's
/// parent. The routes and fields come from the registry's table; what this file holds is only the valid request
/// each field is put into (a base), so that the value reaches the code that reads it rather than an earlier
/// refusal. A route without a base of its own is sent `{}`.
public enum VendorBoundaryCases {
    /// The ids the setup made, for path parameters and bases.
    public struct Fixture: Sendable {
        public static let app = "app1"
        public static let tpnsDevice = "D1"
        public static let alias = "al1"
        public var twinPushDevice: String
        public var notification: String

        /// What to send before the cases: a TPNS device, a TwinPush device with an alias, and a notification to it
        /// (so it has a delivery and an inbox item). ``init(answers:)`` reads the ids from the answers.
        public static let setup: [FakeRequest] = [
            json(
                "POST", "/TPNS/api/device/register",
                #"{"deviceId":"D1","applicationKey":"app1","applicationType":"IOS","deviceRegistrationId":"ab"}"#),
            json(
                "POST", "/api/v2/apps/app1/devices/register",
                #"{"udid":"U1","platform":"ios","push_token":"T1","alias_device":"al1"}"#),
            json("POST", "/api/v2/apps/app1/notifications", #"{"alert":"x","devices_aliases":["al1"],"inbox":true}"#),
        ]

        /// The ids from the setup's answers, or `nil` when one is missing.
        public init?(answers: [JSON?]) {
            guard answers.count == Self.setup.count,
                let device = answers[1]?["objects"]?[0]?["id"]?.stringValue,
                let notification = answers[2]?["objects"]?[0]?["id"]?.stringValue
            else { return nil }
            twinPushDevice = device
            self.notification = notification
        }

        static func json(_ method: String, _ target: String, _ body: String) -> FakeRequest {
            FakeRequest(
                method: method, target: target, headers: ["Content-Type": "application/json"], body: Array(body.utf8),
                transport: .http)
        }
    }

    /// A valid request of a route, into which fields are put.
    public struct Base: Sendable {
        public var body: JSON?
        public var query: [(name: String, value: String)] = []
    }

    /// The bases of a route; `nil` when this file has none (the route is then sent an empty object).
    package static func bases(for route: VendorRegistry.DeclaredRoute, fixture: Fixture) -> [Base]? {
        let device = fixture.twinPushDevice
        let page: [(name: String, value: String)] = [("page", "1"), ("per_page", "10")]
        switch (route.vendor.rawValue, route.operation.rawValue, route.method) {
        case ("tpns", "register", _):
            return [
                Base(
                    body: [
                        "deviceId": "D2", "applicationKey": "app1", "applicationType": "IOS",
                        "deviceRegistrationId": "ab",
                    ])
            ]
        case ("tpns", "pushNotifications", _):
            return [
                Base(body: [
                    ["message": "m", "handlingLevel": 1, "applicationKey": "app1", "applicationTypes": ["IOS"]]
                ])
            ]
        case ("tpns", "unregister", _): return [Base(body: nil)]
        case ("twinPush", "register", _):
            return [
                Base(body: ["udid": "U2", "platform": "android", "push_token": "T2", "os_version_code": 33]),
                Base(body: ["device_id": .string(device)]),
            ]
        case ("twinPush", "updateBadge", _): return [Base(body: ["badge": 1])]
        case ("twinPush", "reportStatistics", _): return [Base(body: ["device": ["latitude": 1, "longitude": 2]])]
        case ("twinPush", "setCustomProperty", _):
            return ["integer", "float", "boolean"].map { type in
                Base(body: ["name": .string("p-" + type), "type": .string(type), "value": 1])
            }
        case ("twinPush", "searchNotifications", _), ("twinPush", "notificationDeliveries", "POST"):
            return [Base(body: ["page": 1, "per_page": 10])]
        case ("twinPush", "inbox", _), ("twinPush", "listDevices", _), ("twinPush", "notificationDeliveries", _):
            return [Base(body: nil, query: page)]
        case ("twinPush", "createNotification", _):
            let override: JSON = ["alert": "y", "badge": "+1", "custom_properties": ["k": 1]]
            return [
                Base(body: ["alert": "x", "broadcast": true, "badge": 1, "custom_properties": ["k": 1]]),
                Base(body: ["multiple_devices": .object(JSONObject([.init(key: device, value: override)]))]),
                Base(body: ["multiple_alias": ["al1": override]]),
            ]
        default:
            return nil
        }
    }

    /// The route's path with its parameters filled from the fixture.
    public static func path(of template: String, fixture: Fixture) -> String {
        let values = [
            "app": Fixture.app, "appKey": Fixture.app, "device": fixture.twinPushDevice,
            "deviceId": Fixture.tpnsDevice, "notification": fixture.notification,
        ]
        return template.split(separator: "/", omittingEmptySubsequences: false).map { segment in
            guard segment.hasPrefix("{"), segment.hasSuffix("}") else { return String(segment) }
            return values[String(segment.dropFirst().dropLast())] ?? "x"
        }.joined(separator: "/")
    }

    /// Every case for `routes`: each declared field × each base that has its parent × each boundary value.
    package static func cases(_ routes: [VendorRegistry.DeclaredRoute], fixture: Fixture) -> [BoundaryCase] {
        routes.flatMap { route in
            let bases = bases(for: route, fixture: fixture) ?? [Base(body: route.method == "GET" ? nil : [:])]
            return route.fields.flatMap { field in
                bases.flatMap { base in
                    BoundaryValues.jsonTexts(for: field.form).compactMap { value in
                        makeCase(route, field: field, base: base, value: value, fixture: fixture)
                    }
                }
            }
        }
    }

    /// Each route's bases as they are, without a boundary value: what the trace test sends to see which fields a
    /// handler reads.
    package static func plainRequests(
        _ routes: [VendorRegistry.DeclaredRoute], fixture: Fixture
    ) -> [(route: VendorRegistry.DeclaredRoute, request: FakeRequest)] {
        routes.flatMap { route in
            let bases = bases(for: route, fixture: fixture) ?? [Base(body: route.method == "GET" ? nil : [:])]
            return bases.map { base in
                (route, request(route, base: base, body: base.body.map { Array($0.serialized()) }, fixture: fixture))
            }
        }
    }

    private static func makeCase(
        _ route: VendorRegistry.DeclaredRoute, field: VendorField, base: Base, value: String, fixture: Fixture
    ) -> BoundaryCase? {
        var base = base
        var body = base.body.map { Array($0.serialized()) }
        switch field.location {
        case .body:
            guard let json = base.body,
                let edited = JSONEditing.setting(
                    .string(BoundaryCase.placeholder), at: JSONEditing.steps(field.path)[...], in: json)
            else { return nil }
            body = BoundaryCase.bodyBytes(edited, replacing: BoundaryCase.placeholder, with: value)
        case .query:
            // A query carries text: the value without JSON quotes.
            let text = (try? JSON.parse(Array(value.utf8)))?.stringValue ?? value
            base.query.removeAll { $0.name == field.key }
            base.query.append((field.key, text))
        }
        let request = request(route, base: base, body: body, fixture: fixture)
        return BoundaryCase(
            answerer: .vendor(route.vendor), route: "\(route.method) \(route.template)", field: field.description,
            value: value, method: request.method,
            path: request.path + (request.query.isEmpty ? "" : "?" + request.query),
            headers: request.headers.map { ($0.name, $0.value) }, body: request.body)
    }

    private static func request(
        _ route: VendorRegistry.DeclaredRoute, base: Base, body: [UInt8]?, fixture: Fixture
    ) -> FakeRequest {
        var target = path(of: route.template, fixture: fixture)
        if !base.query.isEmpty {
            target += "?" + base.query.map { "\($0.name)=\(percentEncoded($0.value))" }.joined(separator: "&")
        }
        var headers: HTTPHeaders = [:]
        if body != nil { headers.add(name: "Content-Type", value: "application/json") }
        return FakeRequest(method: route.method, target: target, headers: headers, body: body ?? [], transport: .http)
    }

    /// Everything but letters and digits percent-encoded (`+` would read as a space in some decoders).
    static func percentEncoded(_ text: String) -> String {
        var result = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "A")...UInt8(ascii: "Z"):
                result.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = Array("0123456789ABCDEF".utf8)
                result += "%"
                result.unicodeScalars.append(Unicode.Scalar(hex[Int(byte >> 4)]))
                result.unicodeScalars.append(Unicode.Scalar(hex[Int(byte & 15)]))
            }
        }
        return result
    }
}

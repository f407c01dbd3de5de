/// TwinPush as a registered vendor (TwinPushWireProtocol.md, FakeBehaviour.md TwinPush): the REST API under
/// `/api/v2/…`, apps, devices, notifications and alias inboxes as state, `send_since` released by the clock tick,
/// the error catalogue as faults.
struct TwinPushVendor: PushVendor {
    var vendor: Vendor { .twinPush }
    var displayName: String { "TwinPush" }
    var pathPrefixes: [String] { ["/api/v2"] }
    var idKinds: [IDKind] { [.twinPushDevice, .twinPushNotification, .twinPushInboxItem] }
    /// The API token and the creator token a client sends in headers.
    var secrets: [VendorSecret] {
        [
            VendorSecret(.header("X-TwinPush-REST-API-Token"), name: "twinpush-api-token"),
            VendorSecret(.header("X-TwinPush-REST-API-Key-Creator"), name: "twinpush-creator-token"),
        ]
    }

    /// The members of a register, of the other device calls and of a notification, and the platforms
    /// (TwinPushWireProtocol.md).
    var bodyStrings: [String] {
        [
            "udid", "platform", "push_token", "alias_device", "device_id", "app_version", "sdk_version", "os_version",
            "os_version_code", "language", "device_code", "device_model", "device_manufacturer", "badge", "name",
            "value", "type", "title", "alert", "sound", "url", "inbox", "tags", "no_tags", "segments", "devices",
            "alias", "custom_properties", "send_since", "page", "per_page", "ios", "android",
        ]
    }

    /// A device call: served under `/apps/{app}/devices/{device}/<action>` and, for SDKs without a device id
    /// (TwinPushWireProtocol.md §8), under `/apps/{app}/<action>` too. Each is about the device the path names: it
    /// reads it, or updates its record (``TwinPushHandler/updating(_:)``).
    fileprivate struct DeviceAction {
        let operation: Operation
        let method: String
        let action: String
        let handler: TwinPushHandler.OperationHandler
    }

    /// Device calls by action segment. (A struct, not a tuple: Swift 6.0 crashes compiling a static array of
    /// tuples that hold throwing `@Sendable` closures.)
    private static let deviceActions: [DeviceAction] = [
        DeviceAction(.getBadge, "GET", "badge", reads: TwinPushHandler.getBadge),
        DeviceAction(.updateBadge, "POST", "update_badge", updates: TwinPushHandler.updateBadge),
        DeviceAction(.openApp, "POST", "open_app", updates: TwinPushHandler.openOrCloseApp),
        DeviceAction(.closeApp, "POST", "close_app", updates: TwinPushHandler.openOrCloseApp),
        DeviceAction(.reportStatistics, "POST", "report_statistics", updates: TwinPushHandler.reportStatistics),
        DeviceAction(.setCustomProperty, "POST", "set_custom_property", updates: TwinPushHandler.setCustomProperty),
        DeviceAction(
            .clearCustomProperties, "DELETE", "clear_custom_properties", updates: TwinPushHandler.clearCustomProperties),
        DeviceAction(.searchNotifications, "POST", "search_notifications", reads: TwinPushHandler.searchNotifications),
        DeviceAction(.inbox, "GET", "inbox", reads: TwinPushHandler.inbox),
        DeviceAction(.inboxSummary, "GET", "inbox_summary", reads: TwinPushHandler.inboxSummary),
    ]

    var routes: [VendorRoute<TwinPushState>] {
        func route(
            _ method: String, _ template: String, _ operation: Operation,
            _ handler: @escaping TwinPushHandler.OperationHandler
        ) -> VendorRoute<TwinPushState> {
            VendorRoute(
                method, template, operation, fields: TwinPushFields.of(operation, method: method),
                handler: TwinPushHandler.serving(handler))
        }
        let app = "/api/v2/apps/{app}"
        let device = app + "/devices/{device}"
        let notification = "/notifications/{notification}"
        var routes = [route("POST", app + "/devices/register", .register, TwinPushHandler.register)]
        for call in Self.deviceActions {
            routes.append(route(call.method, device + "/" + call.action, call.operation, call.handler))
            routes.append(route(call.method, app + "/" + call.action, call.operation, call.handler))
        }
        for (operation, action) in [
            (Operation.openNotification, "open_notification"), (.receivedNotification, "received_notification"),
        ] {
            routes.append(route("POST", device + notification + "/" + action, operation, TwinPushHandler.report))
            routes.append(route("POST", app + notification + "/" + action, operation, TwinPushHandler.report))
        }
        routes += [
            route(
                "POST", "/api/v2/devices/{device}" + notification + "/received_notification", .receivedNotification,
                TwinPushHandler.report),
            route("GET", device + notification, .getNotification, TwinPushHandler.getNotification),
            // DOCS' own example of "show notification" leaves out `/apps/{app}`: the device decides the app.
            route("GET", "/api/v2/devices/{device}" + notification, .getNotification, TwinPushHandler.getNotification),
            route("DELETE", device + notification, .deleteInboxNotification, TwinPushHandler.deleteInboxNotification),
            route("POST", app + "/notifications", .createNotification, TwinPushHandler.createNotification),
            route("POST", "/api/v2/notifications", .createNotification, TwinPushHandler.createNotificationByToken),
            route("GET", app + notification, .showNotification, TwinPushHandler.showNotification),
            route("DELETE", app + notification, .deleteNotification, TwinPushHandler.deleteNotification),
            route("GET", app + notification + "/report", .notificationReport, TwinPushHandler.notificationReport),
            route(
                "GET", app + notification + "/deliveries", .notificationDeliveries,
                TwinPushHandler.notificationDeliveries),
            route(
                "POST", app + notification + "/deliveries", .notificationDeliveries,
                TwinPushHandler.notificationDeliveries),
            route("GET", app + "/devices", .listDevices, TwinPushHandler.listDevices),
            route("GET", device, .showDevice, TwinPushHandler.showDevice),
        ]
        return routes
    }

    /// `{"twinPushError": "InvalidToken", "message": "…"}`: a type of the catalogue (any case) with its own status,
    /// or a type of your own with `"status"` (200…599, default 422).
    var faultKeys: [VendorFaultKey] {
        [
            VendorFaultKey("twinPushError", companions: ["message", "status"], schemas: Self.twinPushErrorSchemas) {
                value, fault throws(FaultRuleSpec.Invalid) in
                guard let name = value.stringValue, !name.isEmpty else {
                    throw FaultRuleSpec.Invalid(
                        path: "",
                        problem: "must be an error type such as InvalidToken (or one of your own), "
                            + "not \(JSONFields.describe(value))")
                }
                let fields = try JSONFields(
                    .object(fault), path: "", allowed: ["twinPushError", "message", "status", "delay"])
                let message = try fields.string("message", nonEmpty: false)
                if let type = TwinPushErrorType.named(name) {
                    if fields.object.contains("status") {
                        throw fields.failure(
                            "status", "is only for a type of your own: \(type.rawValue) answers \(type.status)")
                    }
                    return .twinPushError(type, message: message)
                }
                // A type of one's own is a name, like the vendor's: it is written into error bodies and log lines.
                guard TwinPushErrorType.isValidName(name) else {
                    throw FaultRuleSpec.Invalid(
                        path: "",
                        problem: "must be an identifier (a letter or _, then letters, digits or _; at most "
                            + "\(TwinPushErrorType.maximumNameLength) characters), not \(JSONFields.describe(value))")
                }
                let status = try fields.int("status", in: Fault.statusRange) ?? 422
                return .twinPushError(TwinPushErrorType(rawValue: name, status: status), message: message)
            }
        ]
    }

    /// A catalogue type (any case) with an optional message, or a type of one's own that may add a status.
    static var twinPushErrorSchemas: [JSON] {
        let catalogue: JSON = .string(
            "^("
                + TwinPushErrorType.catalogue.map { JSONSchemaText.caseInsensitive($0.rawValue) }
                .joined(separator: "|") + ")$")
        let message: JSON = ["type": ["string", "null"]]
        return [
            [
                "properties": ["twinPushError": ["type": "string", "pattern": catalogue], "message": message],
                "required": ["twinPushError"],
            ],
            [
                "properties": [
                    "twinPushError": [
                        "type": "string", "pattern": .string(TwinPushErrorType.namePattern),
                        "not": ["pattern": catalogue],
                    ],
                    "message": message,
                    "status": [
                        "type": ["integer", "null"], "minimum": .int(Fault.statusRange.lowerBound),
                        "maximum": .int(Fault.statusRange.upperBound),
                    ],
                ],
                "required": ["twinPushError"],
            ],
        ]
    }

    func makeState(_ configuration: PushFakeConfiguration) -> TwinPushState {
        TwinPushState(configuration: configuration)
    }

    /// The app from the path; the device from the path, or a register's `device_id`.
    func subject(of route: RouteMatch, body: JSON?) -> (app: String?, device: String?) {
        if route.operation == .register {
            let deviceID = TwinPushFields.deviceID.text(in: body?.objectValue).value
            return (route.parameter("app"), deviceID)
        }
        return (route.parameter("app"), route.parameter("device"))
    }

    /// Releases scheduled (`send_since`) notifications that have fallen due.
    func tick(_ state: inout TwinPushState, services: inout VendorServices) {
        TwinPushHandler.releaseDue(state: &state, services: &services)
    }

    func errorResponse(status: Int, message: String) -> FakeResponse {
        TwinPushHandler.errorResponse(status: status, message: message)
    }

    /// Devices (``TwinPush/Device/wire``: the API's Device object) and notifications (``TwinPush/Notification/wire``:
    /// `app_id` and the report), app by app: the declared apps in order, else the apps in first-use order.
    func view(_ view: VendorView, of state: TwinPushState) -> JSON? {
        if view == .devices {
            return .array(state.appsInUse.flatMap { state.deviceIndexes(app: $0) }.map { state.device($0).wireJSON })
        }
        if view == .notifications {
            return .array(
                state.appsInUse.flatMap { app in
                    (state.notificationOrder[app] ?? []).compactMap { state.notifications[$0]?.notification.wireJSON }
                })
        }
        return nil
    }

    /// Arrays of ``TwinPush/Device`` and ``TwinPush/Notification`` (components `TwinPushDevice`,
    /// `TwinPushNotification`).
    func viewSchema(_ view: VendorView, in schemas: inout WireSchemas) -> JSON? {
        if view == .devices { return ["type": "array", "items": schemas.schema(of: TwinPush.Device.self)] }
        if view == .notifications {
            return ["type": "array", "items": schemas.schema(of: TwinPush.Notification.self)]
        }
        return nil
    }
}

extension TwinPushVendor.DeviceAction {
    /// A call that answers from the device it finds (``TwinPushHandler/reading(_:)``).
    init(_ operation: Operation, _ method: String, _ action: String, reads: @escaping TwinPushHandler.DeviceReader) {
        self.init(operation: operation, method: method, action: action, handler: TwinPushHandler.reading(reads))
    }

    /// A call that changes the device it finds (``TwinPushHandler/updating(_:)``).
    init(_ operation: Operation, _ method: String, _ action: String, updates: @escaping TwinPushHandler.DeviceUpdate) {
        self.init(operation: operation, method: method, action: action, handler: TwinPushHandler.updating(updates))
    }
}

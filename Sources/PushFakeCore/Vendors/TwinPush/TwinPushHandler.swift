import Foundation

/// Serves the TwinPush REST API under `/api/v2/…` (TwinPushWireProtocol.md, FakeBehaviour.md): the 15 device calls of §5, the
/// forms without `/devices/{device}` the SDKs send before they have a device id (§1, §8), the app-less receipt
/// path (§5.6b), and the creator / backend calls of §9.
enum TwinPushHandler: VendorHandler {
    static let vendor = Vendor.twinPush

    static let apiTokenHeader = "X-TwinPush-REST-API-Token"
    static let creatorTokenHeader = "X-TwinPush-REST-API-Key-Creator"

    /// Device calls by action segment. Each is served under `/apps/{app}/devices/{device}/…` and, for SDKs
    /// without a device id (§8), under `/apps/{app}/…` too.
    private static let deviceActions: [(Operation, String, String)] = [
        (.getBadge, "GET", "badge"), (.updateBadge, "POST", "update_badge"), (.openApp, "POST", "open_app"),
        (.closeApp, "POST", "close_app"), (.reportStatistics, "POST", "report_statistics"),
        (.setCustomProperty, "POST", "set_custom_property"),
        (.clearCustomProperties, "DELETE", "clear_custom_properties"),
        (.searchNotifications, "POST", "search_notifications"), (.inbox, "GET", "inbox"),
        (.inboxSummary, "GET", "inbox_summary"),
    ]

    static let routes: [RoutePattern] = {
        let app = "/api/v2/apps/{app}"
        let device = app + "/devices/{device}"
        let notification = "/notifications/{notification}"
        var routes = [RoutePattern(.twinPush, .register, "POST", app + "/devices/register")]
        for (operation, method, action) in deviceActions {
            routes.append(RoutePattern(.twinPush, operation, method, device + "/" + action))
            routes.append(RoutePattern(.twinPush, operation, method, app + "/" + action))
        }
        for (operation, action) in [
            (Operation.openNotification, "open_notification"), (.receivedNotification, "received_notification"),
        ] {
            routes.append(RoutePattern(.twinPush, operation, "POST", device + notification + "/" + action))
            routes.append(RoutePattern(.twinPush, operation, "POST", app + notification + "/" + action))
        }
        routes += [
            RoutePattern(
                .twinPush, .receivedNotification, "POST",
                "/api/v2/devices/{device}" + notification + "/received_notification"),
            RoutePattern(.twinPush, .getNotification, "GET", device + notification),
            RoutePattern(.twinPush, .deleteInboxNotification, "DELETE", device + notification),
            RoutePattern(.twinPush, .createNotification, "POST", app + "/notifications"),
            RoutePattern(.twinPush, .showNotification, "GET", app + notification),
            RoutePattern(.twinPush, .deleteNotification, "DELETE", app + notification),
            RoutePattern(.twinPush, .notificationReport, "GET", app + notification + "/report"),
            RoutePattern(.twinPush, .notificationDeliveries, "GET", app + notification + "/deliveries"),
            RoutePattern(.twinPush, .notificationDeliveries, "POST", app + notification + "/deliveries"),
            RoutePattern(.twinPush, .listDevices, "GET", app + "/devices"),
            RoutePattern(.twinPush, .showDevice, "GET", device),
        ]
        return routes
    }()

    static func subject(of route: RouteMatch, body: JSON?) -> (app: String?, device: String?) {
        if route.operation == .register {
            let deviceID = body?["device_id"].flatMap { $0.stringValue ?? $0.intValue.map(String.init) }
            return (route.parameters["app"], deviceID)
        }
        return (route.parameters["app"], route.parameters["device"])
    }

    static func handle(_ context: inout HandlerContext, state: inout EngineState) -> FakeResponse {
        do throws(TwinPushFailure) {
            if context.request.method == "POST" {
                if let error = context.bodyError {
                    throw TwinPushFailure(.badRequest, "Request body is not valid JSON: \(error.message)")
                }
                guard context.bodyObject != nil else {
                    throw TwinPushFailure(.badRequest, "Request body must be a JSON object")
                }
            }
            if let app = context.route.parameters["app"] {
                guard state.twinPush.admit(app, notes: &context.notes) else {
                    throw TwinPushFailure(.appNotFound, "App not found for application_id \(app)")
                }
                try authenticate(context, app: app, state: state)
            }
            return try dispatch(&context, state: &state)
        } catch {
            context.notes.append("answered \(error.type.rawValue)")
            return error.response
        }
    }

    private static func dispatch(
        _ context: inout HandlerContext, state: inout EngineState
    ) throws(TwinPushFailure) -> FakeResponse {
        switch context.route.operation {
        case .register: return try register(&context, state: &state)
        case .getBadge: return try getBadge(&context, state: &state)
        case .updateBadge: return try updateBadge(&context, state: &state)
        case .openApp, .closeApp: return try openOrCloseApp(&context, state: &state)
        case .reportStatistics: return try reportStatistics(&context, state: &state)
        case .setCustomProperty: return try setCustomProperty(&context, state: &state)
        case .clearCustomProperties: return try clearCustomProperties(&context, state: &state)
        case .openNotification, .receivedNotification: return try report(&context, state: &state)
        case .searchNotifications: return try searchNotifications(&context, state: &state)
        case .inbox: return try inbox(&context, state: &state)
        case .inboxSummary: return try inboxSummary(&context, state: &state)
        case .getNotification: return try getNotification(&context, state: &state)
        case .deleteInboxNotification: return try deleteInboxNotification(&context, state: &state)
        case .createNotification: return try createNotification(&context, state: &state)
        case .showNotification: return try showNotification(&context, state: &state)
        case .deleteNotification: return try deleteNotification(&context, state: &state)
        case .notificationReport: return try notificationReport(&context, state: &state)
        case .notificationDeliveries: return try notificationDeliveries(&context, state: &state)
        case .listDevices: return try listDevices(&context, state: &state)
        default: return try showDevice(&context, state: &state)
        }
    }

    /// The vendor shape for transport-level failures and injected statuses: `NotFound`, `MethodNotAllowed`,
    /// `BadRequest`, `InternalServerError`, else the reason phrase without spaces (`ServiceUnavailable`).
    static func errorResponse(status: Int, message: String) -> FakeResponse {
        let transportTypes: [TwinPushErrorType] = [.notFound, .methodNotAllowed, .badRequest, .internalServerError]
        let name =
            transportTypes.first { $0.status == status }?.rawValue
            ?? FakeResponse.reasonPhrase(for: status).replacingOccurrences(of: " ", with: "")
        return TwinPushErrorType(rawValue: name, status: status).response(message)
    }
}

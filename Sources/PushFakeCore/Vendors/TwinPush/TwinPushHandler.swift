import Foundation

/// Serves the TwinPush REST API under `/api/v2/…` (twinpush.md, DECISIONS.md).
enum TwinPushHandler: VendorHandler {
    static let vendor = Vendor.twinPush
    static let routes: [RoutePattern] = []

    static func subject(of route: RouteMatch, body: JSON?) -> (app: String?, device: String?) {
        (route.parameters["app"], route.parameters["device"])
    }

    static func handle(_ context: inout HandlerContext, state: inout EngineState) -> FakeResponse {
        TwinPushErrorType.notFound.response("Not implemented")
    }

    static func errorResponse(status: Int, message: String) -> FakeResponse {
        let type =
            TwinPushErrorType.catalogue.first { $0.status == status }
            ?? TwinPushErrorType(
                rawValue: FakeResponse.reasonPhrase(for: status).replacingOccurrences(of: " ", with: ""), status: status
            )
        return TwinPushErrorType(rawValue: type.rawValue, status: status).response(message)
    }

    /// Delivers scheduled notifications whose `send_since` has passed.
    static func releaseDue(state: inout EngineState, now: Date) {}
}

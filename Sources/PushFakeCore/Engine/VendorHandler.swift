import Foundation

/// What a vendor handler sees of one routed request.
struct HandlerContext {
    let request: FakeRequest
    let route: RouteMatch
    /// The body as JSON; `nil` when the body is empty or was not visible to the transport.
    let body: JSON?
    /// Why the body is not JSON, when it is not.
    let bodyError: JSONSyntaxError?
    let now: Date
    /// Seconds the transport will wait before answering (fault delay), for in-flight tracking.
    let responseDelay: Double
    var app: String?
    var device: String?
    var notes: [String] = []
    var deliveryIDs: [String] = []

    /// The body as an object; an empty or unavailable body counts as `{}` (FakeBehaviour.md, Common).
    var bodyObject: JSONObject? {
        guard let body else { return bodyError == nil ? JSONObject() : nil }
        return body.objectValue
    }

    func parameter(_ name: String) -> String {
        route.parameters[name] ?? ""
    }
}

/// A vendor API: its routes, who a request is about, how to answer it, and its error shape.
protocol VendorHandler {
    static var vendor: Vendor { get }
    static var routes: [RoutePattern] { get }
    /// The app and device a request is about, for fault matching and the journal, before it is handled.
    static func subject(of route: RouteMatch, body: JSON?) -> (app: String?, device: String?)
    /// Validates, changes the store, and builds the reply.
    static func handle(_ context: inout HandlerContext, state: inout EngineState) -> FakeResponse
    /// The vendor's error shape for transport-level failures (unknown route, 405, bad body, injected status).
    static func errorResponse(status: Int, message: String) -> FakeResponse
}

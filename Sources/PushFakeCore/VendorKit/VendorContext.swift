import Foundation

/// What a vendor's handler sees of one routed request, and what it tells the journal about it.
public struct VendorContext {
    /// The request as the transport delivered it; the engine lends it to the context for the handler's call.
    public internal(set) var request: FakeRequest
    /// The route that matched, with the decoded path parameters.
    public internal(set) var route: RouteMatch
    /// The body as JSON; `nil` when the body is empty, was not visible to the transport, or is not JSON.
    public internal(set) var body: JSON?
    /// Why the body is not JSON, when it is not.
    public internal(set) var bodyError: JSONSyntaxError?
    /// The fake clock's time.
    public internal(set) var now: Date
    /// Seconds the transport will wait before answering (a fault's delay), for in-flight tracking.
    public internal(set) var responseDelay: Double
    /// The app the request was about, as the journal records it; starts as ``PushVendor/subject(of:body:)`` said.
    public var app: String?
    /// The device the request was about, as the journal records it; starts as ``PushVendor/subject(of:body:)`` said.
    public var device: String?
    /// Facts for the journal entry ("new device", "app auto-provisioned", …).
    public var notes: [String]

    init(
        request: FakeRequest, route: RouteMatch, body: JSON?, bodyError: JSONSyntaxError?, now: Date,
        responseDelay: Double, app: String?, device: String?, notes: [String]
    ) {
        self.request = request
        self.route = route
        self.body = body
        self.bodyError = bodyError
        self.now = now
        self.responseDelay = responseDelay
        self.app = app
        self.device = device
        self.notes = notes
    }

    /// The context the engine keeps between requests (``EngineState/handlerContext``): placeholders that a request's
    /// own values replace.
    static var idle: VendorContext {
        VendorContext(
            request: FakeRequest(method: "", path: ""), route: RouteMatch(vendor: Vendor(""), operation: ""),
            body: nil, bodyError: nil, now: Date(timeIntervalSince1970: 0), responseDelay: 0, app: nil, device: nil,
            notes: [])
    }

    /// The body as an object; an empty or unavailable body counts as `{}` (FakeBehaviour.md, Common).
    public var bodyObject: JSONObject? {
        guard let body else { return bodyError == nil ? JSONObject() : nil }
        return body.objectValue
    }

    /// A decoded path parameter, or `""` when the route has no such parameter.
    public func parameter(_ name: String) -> String {
        route.parameter(name) ?? ""
    }
}

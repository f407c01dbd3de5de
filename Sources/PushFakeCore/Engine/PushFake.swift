import Dispatch
import Foundation

/// One fake TPNS + TwinPush service: the engine every host (live HTTP, URLProtocol, `pushfake serve`) feeds.
///
/// `handle(_:)` is synchronous and runs route → fault rules → vendor handler → journal under one lock, so matching
/// a fault, changing the store and appending to the journal happen atomically, and journal order is the order in
/// which the engine saw requests. There is no global state: make as many engines as you like.
///
/// ```swift
/// let fake = PushFake(PushFakeConfiguration(seed: 7))
/// let body = #"{"deviceId":"D1","deviceRegistrationId":"ab","applicationKey":"k","applicationType":"IOS"}"#
/// let exchange = fake.handle(FakeRequest(method: "POST", target: "/TPNS/api/device/register", body: Array(body.utf8)))
/// exchange.response.status  // 200
/// ```
public final class PushFake: Sendable {
    /// The configuration the engine started with; ``reset()`` returns to it.
    public let configuration: PushFakeConfiguration
    let state: Locked<EngineState>
    let router: Router

    /// Creates an engine with no devices, an empty journal and the clock at the configured start.
    public init(_ configuration: PushFakeConfiguration = PushFakeConfiguration()) {
        self.configuration = configuration
        self.state = Locked(EngineState(configuration: configuration))
        self.router = Router(routes: TPNSHandler.routes + TwinPushHandler.routes)
    }

    /// Every route the engine serves, as `METHOD /template`.
    public var knownRoutes: [String] { router.templates }

    /// Handles one request and records it.
    public func handle(_ request: FakeRequest) -> Exchange {
        // Routing and JSON parsing need no state: done before taking the lock, which connection threads share.
        let prepared = prepare(request)
        let (exchange, entry, observers) = state.withLock { state in
            let result = process(prepared, state: &state)
            return (result.exchange, result.entry, state.observers.isEmpty ? [] : Array(state.observers.values))
        }
        for observer in observers { observer(entry) }
        return exchange
    }

    /// What can be known about a request without the engine's state.
    struct PreparedRequest {
        let request: FakeRequest
        let routed: Router.Result
        var route: RouteMatch?
        var vendor: Vendor?
        var body: JSON?
        var bodyError: JSONSyntaxError?
        var app: String?
        var device: String?
        var notes: [String] = []
    }

    private func prepare(_ request: FakeRequest) -> PreparedRequest {
        var prepared = PreparedRequest(
            request: request, routed: router.route(method: request.method, path: request.path))
        switch prepared.routed {
        case .matched(let match):
            prepared.route = match
            prepared.vendor = match.vendor
            if !request.bodyAvailable {
                prepared.notes.append("body unavailable to the transport (URLSession upload through a URLProtocol)")
            } else if !request.body.isEmpty {
                do throws(JSONSyntaxError) {
                    prepared.body = try JSON.parse(request.body)
                } catch {
                    prepared.bodyError = error
                }
            }
            (prepared.app, prepared.device) = Self.handlerType(for: match.vendor).subject(
                of: match, body: prepared.body)
        case .methodNotAllowed(let pathVendor, _), .notFound(let pathVendor):
            prepared.vendor = pathVendor
        }
        return prepared
    }

    private func process(
        _ prepared: PreparedRequest, state: inout EngineState
    ) -> (exchange: Exchange, entry: JournalEntry) {
        let request = prepared.request
        let now = state.clock.now
        if state.clock.mode == .real { TwinPushHandler.releaseDue(state: &state, now: now) }
        let sequence = state.journal.takeSequence()
        let routed = prepared.routed
        let route = prepared.route
        let vendor = prepared.vendor
        let body = prepared.body
        let bodyError = prepared.bodyError
        var app = prepared.app
        var device = prepared.device
        var notes = prepared.notes

        let applied = matchFault(
            MatchSubject(
                vendor: vendor, operation: route?.operation, app: app, device: device, request: request,
                body: { body }, status: nil, faulted: nil, unmatched: route == nil),
            state: &state)
        let fault = applied?.fault
        var response: FakeResponse
        var deliveryIDs: [String] = []
        if let fault, !fault.runsHandler {
            response = faultResponse(fault, vendor: vendor)
        } else if let route {
            var context = HandlerContext(
                request: request, route: route, body: body, bodyError: bodyError, now: now,
                responseDelay: fault?.delay ?? 0, app: app, device: device, notes: notes)
            response = Self.handlerType(for: route.vendor).handle(&context, state: &state)
            app = context.app
            device = context.device
            notes = context.notes
            deliveryIDs = context.deliveryIDs
        } else {
            response = unmatchedResponse(routed, request: request)
        }
        if fault?.kind == .malformedBody {
            response.body = Array(response.body.prefix(max(1, response.body.count / 2)))
        }
        let action: Exchange.Action
        let outcome: JournalEntry.Outcome
        switch fault?.kind {
        case .dropConnection?:
            (action, outcome) = (.dropConnection, .dropped)
        case .dropResponse?:
            (action, outcome) = (.dropConnection, .droppedAfterHandling)
        default:
            (action, outcome) = (.respond, .responded)
        }
        let entry = JournalEntry(
            sequence: sequence, time: now, request: request, route: route, vendor: vendor, app: app, device: device,
            fault: applied, response: response, outcome: outcome, delay: fault?.delay ?? 0, deliveryIDs: deliveryIDs,
            notes: notes)
        state.journal.append(entry)
        return (
            Exchange(
                response: response, action: action, delay: fault?.delay ?? 0, sequence: sequence, route: route), entry
        )
    }

    static func handlerType(for vendor: Vendor) -> any VendorHandler.Type {
        switch vendor {
        case .tpns: return TPNSHandler.self
        case .twinPush: return TwinPushHandler.self
        }
    }

    /// The first eligible rule that matches, consumed with this request.
    private func matchFault(_ subject: MatchSubject, state: inout EngineState) -> AppliedFault? {
        guard !state.faultRules.isEmpty else { return nil }
        for index in state.faultRules.indices where !state.faultRules[index].isExhausted {
            guard state.faultRules[index].matcher.matches(subject) else { continue }
            if state.faultRules[index].consume(using: &state.faultGenerator) {
                return AppliedFault(ruleID: state.faultRules[index].id, fault: state.faultRules[index].fault)
            }
        }
        return nil
    }

    private func faultResponse(_ fault: Fault, vendor: Vendor?) -> FakeResponse {
        switch fault.kind {
        case .tpnsError(let code):
            return .json(code.httpStatus, code.body)
        case .twinPushError(let type, let message):
            return type.response(message ?? "Injected \(type.rawValue) error")
        case .status(let status, let body):
            if let body { return .json(status, body) }
            let message = FakeResponse.reasonPhrase(for: status)
            if let vendor { return Self.handlerType(for: vendor).errorResponse(status: status, message: message) }
            return .json(status, ["error": .string(message)])
        case .none, .dropConnection, .dropResponse, .malformedBody:
            // Nothing goes on the wire; status 0 is how the journal and HAR say "no response".
            return FakeResponse(status: 0)
        }
    }

    private func unmatchedResponse(_ routed: Router.Result, request: FakeRequest) -> FakeResponse {
        let status: Int
        let message: String
        let pathVendor: Vendor?
        switch routed {
        case .methodNotAllowed(let vendor, let allowed):
            status = 405
            message = "\(request.method) is not allowed on \(request.path); allowed: \(allowed.joined(separator: ", "))"
            pathVendor = vendor
        case .notFound(let vendor):
            status = 404
            message = "No route for \(request.method) \(request.path)"
            pathVendor = vendor
        case .matched:
            return .json(500, ["error": "matched route without a handler"])
        }
        if let pathVendor {
            var response = Self.handlerType(for: pathVendor).errorResponse(status: status, message: message)
            if case .methodNotAllowed(_, let allowed) = routed {
                response.headers.replace(name: "Allow", value: allowed.joined(separator: ", "))
            }
            return response
        }
        return .json(status, ["error": .string(message), "knownRoutes": .array(knownRoutes.map(JSON.string))])
    }
}

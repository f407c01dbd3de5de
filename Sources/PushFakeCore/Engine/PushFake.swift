import Dispatch
import Foundation

/// One fake push service — TPNS and TwinPush by default, plus any ``PushVendor`` you register: the engine every host
/// (live HTTP, URLProtocol, `pushfake serve`) feeds.
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
    /// The vendors the engine serves, in registration order.
    public let vendors: VendorRegistry
    let state: Locked<EngineState>
    /// The journal's usage and the clock as of their last change, published under the engine's lock after every
    /// change and read without it (``journalUsage``, ``httpDate``): health never waits for a long request holding
    /// the engine.
    let published: Locked<PublishedFacts>
    /// Writes and pushes iOS deliveries when the configuration asks for it.
    let simulatorSink: SimulatorDeliverySink?

    /// Creates an engine with no devices, an empty journal and the clock at the configured start, serving `vendors`
    /// (TPNS and TwinPush unless told otherwise).
    public init(
        _ configuration: PushFakeConfiguration = PushFakeConfiguration(), vendors: VendorRegistry = .standard
    ) {
        self.configuration = configuration
        self.vendors = vendors
        self.state = Locked(EngineState(configuration: configuration, vendors: vendors))
        self.published = Locked(
            PublishedFacts(
                journalUsage: Journal(limit: configuration.journalLimit).usage,
                clock: FakeClock(mode: configuration.clockMode, start: configuration.clockStart)))
        simulatorSink = configuration.simulatorDelivery.map(SimulatorDeliverySink.init(options:))
        simulatorSink?.attach(to: self)
    }

    /// Every route the engine serves, as `METHOD /template`.
    public var knownRoutes: [String] { vendors.allRoutes }

    /// Handles one request and records it.
    public func handle(_ request: consuming FakeRequest) -> Exchange {
        // Routing and JSON parsing need no state: done before taking the lock, which connection threads share.
        // Handed over, not copied: a request is a few strings, a header list and the body.
        var prepared = prepare(request)
        // The closure forwards `process`'s result as it is: taking it apart and building another tuple in the
        // closure copied the exchange and destroyed the original.
        let (exchange, entry, news, delivered, dropped) = state.withLock { state in process(&prepared, state: &state) }
        news.tell(entry)
        delivered.tell()
        // The entry a full ring overwrote is freed here, after the lock.
        withExtendedLifetime(dropped) {}
        return exchange
    }

    /// Publishes the journal's usage for ``journalUsage``; call it under the engine's lock after every change to the
    /// journal.
    func publishUsage(of journal: Journal) {
        let usage = journal.usage
        published.withLock { $0.journalUsage = usage }
    }

    /// Publishes the clock for ``httpDate``; call it under the engine's lock after every change to the clock.
    func publishClock(_ clock: FakeClock) {
        published.withLock { $0.clock = clock }
    }

    /// What can be known about a request without the engine's state.
    struct PreparedRequest {
        var request: FakeRequest
        var route: RouteMatch?
        /// The methods the path allows, when it is known but not for this method (405).
        var allowed: [String] = []
        /// The matched route's vendor and route indexes.
        var handler: (vendor: Int, route: Int)?
        /// The vendor whose path the request is on, matched or not.
        var vendorIndex: Int?
        var body: JSON?
        var bodyError: JSONSyntaxError?
        var app: String?
        var device: String?
        var notes: [String] = []
    }

    /// Each case builds its ``PreparedRequest`` once, from locals: filling a default one field by field copied and
    /// destroyed the whole struct on every request.
    func prepare(_ request: consuming FakeRequest) -> PreparedRequest {
        switch vendors.router.route(method: request.method, path: request.path) {
        case .matched(let match, let vendorIndex, let routeIndex):
            var body: JSON?
            var bodyError: JSONSyntaxError?
            var notes: [String] = []
            // An index, not a copy of the registered vendor (its arrays and closures would be retained each request).
            let vendor = vendors.entries.indices.contains(vendorIndex) ? vendorIndex : nil
            if !request.bodyAvailable {
                notes.append("body unavailable to the transport (URLSession upload through a URLProtocol)")
            } else if !request.body.isEmpty {
                do throws(JSONSyntaxError) {
                    body = try JSON.parse(request.body, known: vendor.map { vendors.entries[$0].bodyStrings } ?? .none)
                } catch {
                    bodyError = error
                }
            }
            let (app, device) = vendor.map { vendors.entries[$0].subject(match, body) } ?? (nil, nil)
            return PreparedRequest(
                request: request, route: match, handler: (vendorIndex, routeIndex), vendorIndex: vendorIndex,
                body: body, bodyError: bodyError, app: app, device: device, notes: notes)
        case .methodNotAllowed(let vendorIndex, let allowed):
            return PreparedRequest(request: request, allowed: allowed, vendorIndex: vendorIndex)
        case .notFound(let vendorIndex):
            return PreparedRequest(request: request, vendorIndex: vendorIndex)
        }
    }

    /// Handles the request under the engine's lock: the exchange, its journal entry, who to tell about it, and the
    /// entry a full journal dropped (to be freed after the lock).
    private func process(
        _ prepared: inout PreparedRequest, state: inout EngineState
    ) -> (exchange: Exchange, entry: JournalEntry, news: EntryNews, delivered: DeliveryNews, dropped: JournalEntry?) {
        if state.clock.mode == .real { state.tick() }
        let now = state.clock.now
        state.services.now = now
        let sequence = state.journal.takeSequence()
        let route = prepared.route
        let vendor = prepared.vendorIndex.flatMap { vendors.entries.indices.contains($0) ? $0 : nil }.map {
            vendors.entries[$0].vendor
        }

        // Most engines have no fault rules: skip building the subject for them.
        let applied =
            state.faultRules.isEmpty
            ? nil
            : matchFault(
                MatchSubject(
                    vendor: vendor, operation: route?.operation, app: prepared.app, device: prepared.device,
                    request: prepared.request,
                    body: { [body = prepared.body] in body }, status: nil, faulted: nil, unmatched: route == nil),
                state: &state)
        let fault = applied?.fault
        var response: FakeResponse
        var deliveryIDs: [String] = []
        if let fault, !fault.runsHandler {
            response = faultResponse(fault, vendorIndex: prepared.vendorIndex)
        } else if let route, let handler = prepared.handler, state.vendorSlots.indices.contains(handler.vendor) {
            (response, deliveryIDs) = runHandler(
                handler, route: route, on: &prepared, now: now, responseDelay: fault?.delay ?? 0, state: &state)
        } else {
            response = unmatchedResponse(
                allowed: prepared.allowed, vendorIndex: prepared.vendorIndex, request: prepared.request)
        }
        if case .malformedBody? = fault?.kind {
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
            sequence: sequence, time: now, request: prepared.request, route: route, vendor: vendor, app: prepared.app,
            device: prepared.device, fault: applied, response: response, outcome: outcome, delay: fault?.delay ?? 0,
            deliveryIDs: deliveryIDs, notes: prepared.notes)
        let dropped = state.journal.append(entry)
        publishUsage(of: state.journal)
        let delivered = state.takeNewDeliveries(caused: deliveryIDs, byEntry: sequence)
        return (
            Exchange(
                response: response, action: action, delay: fault?.delay ?? 0, sequence: sequence, route: route,
                fault: applied, httpDate: state.httpDate(at: now)), entry, state.entryNews, delivered, dropped
        )
    }

    /// Runs the route's handler on `prepared` in place. The request, its body, app, device and notes are lent to the
    /// handler's context and taken back — swapped, not copied: a copy retained every string and array they hold — so
    /// the app, device and notes the handler leaves are `prepared`'s. Returns the answer and the deliveries it caused.
    func runHandler(
        _ handler: (vendor: Int, route: Int), route: RouteMatch, on prepared: inout PreparedRequest, now: Date,
        responseDelay: Double, state: inout EngineState
    ) -> (response: FakeResponse, deliveryIDs: [String]) {
        state.handlerContext.route = route
        state.handlerContext.bodyError = prepared.bodyError
        state.handlerContext.now = now
        state.handlerContext.responseDelay = responseDelay
        Self.exchangeLent(&state.handlerContext, &prepared)
        let slot = state.vendorSlots[handler.vendor]
        let response = slot.handle(route: handler.route, &state.handlerContext, &state.services)
        Self.exchangeLent(&state.handlerContext, &prepared)
        return (response, state.services.takeCaused(notes: &prepared.notes))
    }

    @inline(__always)
    private static func exchangeLent(_ context: inout VendorContext, _ prepared: inout PreparedRequest) {
        swap(&context.request, &prepared.request)
        swap(&context.body, &prepared.body)
        swap(&context.app, &prepared.app)
        swap(&context.device, &prepared.device)
        swap(&context.notes, &prepared.notes)
    }

    /// The first eligible rule that matches, consumed with this request.
    private func matchFault(_ subject: MatchSubject, state: inout EngineState) -> AppliedFault? {
        for index in state.faultRules.indices where !state.faultRules[index].isExhausted {
            guard state.faultRules[index].matcher.matches(subject) else { continue }
            if state.faultRules[index].consume(using: &state.faultGenerator) {
                return AppliedFault(ruleID: state.faultRules[index].id, fault: state.faultRules[index].fault)
            }
        }
        return nil
    }
}

import Foundation
import PushFakeCore

/// The admin API under `/__pushfake/` (and `/i/{id}/__pushfake/` for each instance): what UI tests, emulators,
/// the CLI, the dashboard and other languages use to inspect and steer a fake. Its routes are one table,
/// ``AdminRoutes``, which `GET /__pushfake/openapi.json` describes. Handled by the host, never journaled as vendor
/// traffic; who may call it is ``AdminAccess``'s rule.
///
/// One value per request: the engine it steers is the server's own or an instance's.
struct AdminAPI: Sendable {
    /// The engine this request steers.
    let fake: PushFake
    /// The server, for instances, URLs and access rules.
    let server: PushFakeServer
    /// The instance the request came in under, `nil` for the server's own engine.
    let instance: String?

    /// Answers `request`, whose path is already relative to the instance (`/__pushfake/…`).
    func handle(_ request: FakeRequest, peer: PeerAddress) -> ServerReply {
        guard let inner = AdminAPI.inner(request.path) else { return .response(Self.notFound(request)) }
        let inInstance = instance != nil
        guard let (route, parameters) = AdminRoutes.match(method: request.method, path: inner, inInstance: inInstance)
        else {
            let allowed = AdminRoutes.allowedMethods(path: inner, inInstance: inInstance)
            guard !allowed.isEmpty else { return .response(Self.notFound(request)) }
            let list = allowed.joined(separator: ", ")
            var response = FakeResponse.error(
                405, "\(request.method) is not allowed on \(request.path); allowed: \(list)")
            response.headers.replace(name: "Allow", value: list)
            return .response(response)
        }
        let isStaticPage = route == AdminRoutes.dashboard || route == AdminRoutes.dashboardAsset
        if let refusal = server.configuration.adminAccess.refusal(
            of: request, from: peer, changesState: route.changesState, isStaticPage: isStaticPage)
        {
            return .response(.error(403, refusal))
        }
        if let problem = Self.queryProblem(request, route: route) { return .response(Self.badRequest(problem)) }
        return dispatch(route, parameters, request)
    }

    private func dispatch(_ route: AdminRoute, _ parameters: [String: String], _ request: FakeRequest) -> ServerReply {
        switch route {
        case AdminRoutes.health: return .response(health())
        case AdminRoutes.journal: return journalReply(request)
        case AdminRoutes.clearJournal:
            fake.clearJournal()
            return .response(.answer(200, JournalCleared(nextSequence: fake.journal.totalCount &+ 1)))
        case AdminRoutes.reset:
            fake.reset()
            return .response(.answer(200, ResetDone()))
        case AdminRoutes.listFaults: return .response(.answer(200, FaultList(faults: fake.faultRules)))
        case AdminRoutes.addFault: return .response(addFault(request))
        case AdminRoutes.clearFaults:
            fake.removeAllFaults()
            return .response(.answer(200, FaultList()))
        case AdminRoutes.removeFault: return .response(removeFault(parameters["id"] ?? ""))
        case AdminRoutes.deliveries:
            let snapshot = fake.snapshot()
            return OffLoop.answer(estimatedBytes: snapshot.deliveries.count &* Self.bytesPerRecord) {
                deliveries(request, from: snapshot)
            }
        case AdminRoutes.clock: return .response(clock())
        case AdminRoutes.setClock: return .response(setClock(request))
        case AdminRoutes.devices: return vendorViewReply(.devices, request)
        case AdminRoutes.notifications: return vendorViewReply(.notifications, request)
        case AdminRoutes.routes: return .response(routes())
        case AdminRoutes.vendors: return .response(.json(200, Self.vendors(fake.vendors)))
        case AdminRoutes.instances: return .response(listInstances(request))
        case AdminRoutes.createInstance: return .response(createInstance(request))
        case AdminRoutes.deleteInstance: return .response(deleteInstance(parameters["id"] ?? ""))
        case AdminRoutes.compareRecording:
            let journal = fake.journal
            return OffLoop.answer(estimatedBytes: request.body.count &+ journal.usage.approximateBytes) {
                compareRecording(request, journal: journal)
            }
        case AdminRoutes.verify:
            let journal = fake.journal
            return OffLoop.answer(estimatedBytes: journal.usage.approximateBytes) { verify(request, journal: journal) }
        case AdminRoutes.wait: return wait(request)
        case AdminRoutes.events: return events(request)
        case AdminRoutes.state:
            let snapshot = fake.snapshot()
            return OffLoop.answer(estimatedBytes: snapshot.recordCount &* Self.bytesPerRecord) {
                .json(200, snapshot.stateDocument())
            }
        case AdminRoutes.loadState: return .response(loadState(request))
        case AdminRoutes.apps: return .response(.json(200, fake.apps))
        case AdminRoutes.declareApps: return .response(declareApps(request))
        case AdminRoutes.openAPI:
            return .response(.json(200, OpenAPIDocument.make(baseURL: baseURL(for: request), vendors: fake.vendors)))
        case AdminRoutes.dashboard: return .response(dashboard(request))
        case AdminRoutes.dashboardAsset: return .response(dashboardAsset(parameters["file"] ?? ""))
        default:
            return .response(.error(501, "\(route.display) is not served by this build"))
        }
    }

    /// The path under the admin prefix (`/__pushfake//journal/` → `//journal/`), or `nil` when the path is not the
    /// admin API's. Repeated slashes and a trailing one are tolerated, as on vendor routes.
    static func inner(_ path: String) -> Substring? {
        let trimmed = path.drop { $0 == "/" }
        let name = AdminRoutes.prefix.dropFirst()
        guard trimmed.hasPrefix(name) else { return nil }
        let rest = trimmed.dropFirst(name.count)
        guard rest.isEmpty || rest.first == "/" else { return nil }
        return rest
    }

    /// Whether a path belongs to the admin API.
    static func owns(path: String) -> Bool { inner(path) != nil }

    /// Whether the admin API answers `request` without the engine's lock: health, which reads counters only.
    static func isLockFree(_ request: FakeRequest) -> Bool {
        guard let inner = inner(request.path) else { return false }
        return AdminRoutes.match(method: request.method, path: inner)?.route == AdminRoutes.health
    }

    /// What one device, notification or delivery is estimated to take in an answer: how the size of a view is
    /// judged from its record counts before it is built (OffLoop.swift).
    static let bytesPerRecord = 256

    static func notFound(_ request: FakeRequest) -> FakeResponse {
        .answer(
            404,
            AdminError("No admin route for \(request.method) \(request.path)", knownRoutes: routeList))
    }

    static let routeList = AdminRoutes.all.map(\.display)

    /// `http://<Host>` as the client addressed the server (its URLs then work from where the client is), or the
    /// server's own base URL when the request has no `Host` that reads as one (``HostHeader``).
    func baseURL(for request: FakeRequest) -> String {
        if let host = request.headers["Host"], HostHeader(host) != nil {
            return "http://" + host
        }
        return server.baseURL.absoluteString
    }

    static func badRequest(_ message: String) -> FakeResponse {
        .error(400, message)
    }

    func body(of request: FakeRequest) -> Result<JSON, JSONSyntaxError> {
        if request.body.isEmpty { return .success(.object(JSONObject())) }
        return Result { () throws(JSONSyntaxError) -> JSON in try JSON.parse(request.body) }
    }

    /// The body as JSON, read by `parse`; a body that is not JSON, or that `parse` refuses, answers 400 naming the
    /// problem (`what` says what the body should have been).
    func parsed<Value>(
        _ request: FakeRequest, as what: String, _ parse: (JSON) throws(JSONFieldError) -> Value
    ) -> Parsed<Value> {
        switch body(of: request) {
        case .failure(let error): return .failure(Self.badRequest("\(what) is not JSON: \(error.message)"))
        case .success(let json):
            do throws(JSONFieldError) {
                return .success(try parse(json))
            } catch {
                return .failure(Self.badRequest("\(what): \(error.description)"))
            }
        }
    }

    /// A request body read into a value, or the 400 to answer instead.
    enum Parsed<Value> {
        case success(Value)
        case failure(FakeResponse)
    }
}

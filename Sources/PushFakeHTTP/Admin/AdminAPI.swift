import Foundation
import PushFakeCore

/// The admin API under `/__pushfake/`: what UI tests, emulators and other languages use to inspect and steer the
/// fake. Handled by the host, never journaled as vendor traffic.
///
/// | route | does |
/// |---|---|
/// | `GET /__pushfake/health` | `{"status":"ok","journal":{…}}`: the journal's entries, bytes, limit, dropped |
/// | `GET /__pushfake/journal` | entries; `vendor`, `operation`, `app`, `device`, `status`, `unmatched`, `since`, `format` |
/// | `DELETE /__pushfake/journal` | clear the journal only; sequence numbers keep counting |
/// | `POST /__pushfake/reset` | forget devices, notifications, deliveries, journal, faults; clock back to start |
/// | `GET/POST/DELETE /__pushfake/faults`, `DELETE /__pushfake/faults/{id}` | list, add (JSON rule), clear, remove |
/// | `GET /__pushfake/deliveries` | deliveries (`?vendor=&device=&notification=&app=`) |
/// | `GET/POST /__pushfake/clock` | read; `{"advance": seconds}` or `{"set": "2026-01-02T00:00:00Z"}` |
/// | `GET /__pushfake/devices` | every vendor's devices, by vendor name (`?vendor=`) |
/// | `GET /__pushfake/notifications` | every vendor's notifications or sends, by vendor name (`?vendor=`) |
/// | `GET /__pushfake/routes` | every vendor route, also by vendor |
struct AdminAPI: Sendable {
    static let prefix = "/__pushfake"
    let fake: PushFake

    static let routes = [
        "GET /__pushfake/health", "GET /__pushfake/journal", "DELETE /__pushfake/journal", "POST /__pushfake/reset",
        "GET /__pushfake/faults", "POST /__pushfake/faults", "DELETE /__pushfake/faults",
        "DELETE /__pushfake/faults/{id}", "GET /__pushfake/deliveries", "GET /__pushfake/clock",
        "POST /__pushfake/clock", "GET /__pushfake/devices", "GET /__pushfake/notifications",
        "GET /__pushfake/routes",
    ]

    static func owns(path: String) -> Bool {
        path == prefix || path.hasPrefix(prefix + "/")
    }

    func handle(_ request: FakeRequest) -> FakeResponse {
        let segments = request.path.split(separator: "/").dropFirst().map(String.init)
        let method = request.method == "HEAD" ? "GET" : request.method
        switch (method, segments.first ?? "", segments.count) {
        case ("GET", "health", 1): return health()
        case ("GET", "journal", 1): return journal(request)
        case ("DELETE", "journal", 1):
            fake.clearJournal()
            return .json(200, ["cleared": true, "nextSequence": .int(fake.journal.totalCount + 1)])
        case ("POST", "reset", 1):
            fake.reset()
            return .json(200, ["reset": true])
        case ("GET", "faults", 1): return .json(200, ["faults": .array(fake.faultRules.map(\.jsonValue))])
        case ("POST", "faults", 1): return addFault(request)
        case ("DELETE", "faults", 1):
            fake.removeAllFaults()
            return .json(200, ["faults": []])
        case ("DELETE", "faults", 2):
            guard fake.removeFault(id: segments[1]) else {
                return .json(404, ["error": .string("no fault rule with id \(segments[1])")])
            }
            return .json(200, ["removed": .string(segments[1])])
        case ("GET", "deliveries", 1): return deliveries(request)
        case ("GET", "clock", 1): return clock()
        case ("POST", "clock", 1): return setClock(request)
        case ("GET", "devices", 1): return vendorView(.devices, request)
        case ("GET", "notifications", 1): return vendorView(.notifications, request)
        case ("GET", "routes", 1): return routes()
        default:
            return .json(
                404,
                [
                    "error": .string("No admin route for \(request.method) \(request.path)"),
                    "knownRoutes": Self.routeList,
                ])
        }
    }

    static let routeList = JSON.array(routes.map(JSON.string))

    static func badRequest(_ message: String) -> FakeResponse {
        .json(400, ["error": .string(message)])
    }

    func body(of request: FakeRequest) -> Result<JSON, JSONSyntaxError> {
        if request.body.isEmpty { return .success(.object(JSONObject())) }
        return Result { () throws(JSONSyntaxError) -> JSON in try JSON.parse(request.body) }
    }

    private func addFault(_ request: FakeRequest) -> FakeResponse {
        switch body(of: request) {
        case .failure(let error): return Self.badRequest("fault rule is not JSON: \(error.message)")
        case .success(let json):
            do throws(FaultRuleSpec.Invalid) {
                let id = fake.inject(try FaultRuleSpec(json: json, vendors: fake.vendors))
                let rule = fake.faultRules.first { $0.id == id }
                return .json(201, rule?.jsonValue ?? ["id": .string(id)])
            } catch {
                return Self.badRequest(error.description)
            }
        }
    }

    private func clock() -> FakeResponse {
        .json(
            200,
            ["now": .string(fake.now.pushFakeISO8601), "mode": .string(fake.configuration.clockMode.rawValue)])
    }

    private func setClock(_ request: FakeRequest) -> FakeResponse {
        guard case .success(let json) = body(of: request) else { return Self.badRequest("clock body is not JSON") }
        if let seconds = json["advance"]?.doubleValue {
            fake.advanceClock(by: seconds)
        } else if let text = json["set"]?.stringValue {
            guard let date = Date(pushFakeTimestamp: text) else {
                return Self.badRequest("cannot read time \(text); use 2026-01-02T00:00:00Z")
            }
            fake.setClock(to: date)
        } else {
            return Self.badRequest("clock body needs {\"advance\": seconds} or {\"set\": \"2026-01-02T00:00:00Z\"}")
        }
        return clock()
    }
}

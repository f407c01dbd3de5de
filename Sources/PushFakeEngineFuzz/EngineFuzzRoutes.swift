import PushFakeCore
import PushFakeHTTP

/// A route the fuzzer can aim a request at: every vendor route of the standard registry, every admin route, and a
/// few paths no route serves.
struct EngineFuzzRoute: Sendable {
    enum Kind: Sendable {
        /// A vendor route, or a path no route serves: the engine answers and journals it.
        case vendor
        /// An admin route (`/__pushfake/…`): answered by the host, never journaled.
        case admin
    }

    /// `METHOD /template`, how inputs name the route (`POST /TPNS/api/device/register`).
    let key: String
    let method: String
    /// The path with `{name}` parameters.
    let template: String
    let kind: Kind
    /// The admin route's id (`getDashboard`, `events`, …); empty for vendor routes.
    let adminID: String

    /// Every route, vendors first, in a fixed order.
    static let all: [EngineFuzzRoute] = vendorRoutes + adminRoutes + unrouted

    /// From the standard registry, as `PushFake.knownRoutes` lists them.
    static let vendorRoutes: [EngineFuzzRoute] = PushFake().knownRoutes.compactMap { line in
        let parts = line.split(separator: " ", maxSplits: 1)
        guard parts.count == 2 else { return nil }
        return EngineFuzzRoute(
            key: line, method: String(parts[0]), template: String(parts[1]), kind: .vendor, adminID: "")
    }

    /// From ``AdminOperations``, the table the server dispatches on.
    static let adminRoutes: [EngineFuzzRoute] = AdminOperations.all.map(\.route).map { route in
        EngineFuzzRoute(
            key: route.display, method: route.method, template: AdminOperations.prefix + route.path, kind: .admin,
            adminID: route.id)
    }

    /// Paths no route serves (journaled as unmatched), including near misses of the admin prefix.
    static let unrouted: [EngineFuzzRoute] = [
        "GET /", "GET /favicon.ico", "POST /TPNS/api/nope", "GET /api/v2/apps/{app}/nope", "GET /__pushfakes/health",
        "POST /api", "OPTIONS /TPNS/api/device/register",
    ].map { line in
        let parts = line.split(separator: " ", maxSplits: 1)
        return EngineFuzzRoute(
            key: line, method: String(parts[0]), template: String(parts[1]), kind: .vendor, adminID: "")
    }

    /// The route an input's route field names: an exact key, else one picked by the field's bytes.
    static func named(_ field: [UInt8]) -> EngineFuzzRoute {
        let text = String(decoding: field, as: UTF8.self)
        if let exact = all.first(where: { $0.key == text }) { return exact }
        var sum = 0
        for byte in field { sum = (sum &* 31 &+ Int(byte)) & 0xFFFF }
        return all[sum % all.count]
    }

    /// Parameter values used when an input gives none: ids that the deterministic engine (seed 0) hands out
    /// first, and names the seeds use.
    static let defaultParameters: [String: String] = [
        "appKey": "app1", "deviceId": "D1", "app": "app1", "device": "dev1", "notification": "n1", "id": "1",
        "file": "dashboard.js",
    ]
}

import PushFakeCore

/// The admin operations one server serves: PushFake's own (``AdminOperations/all``) and its configuration's extras
/// (``ServerConfiguration/adminOperations``), matched by method and path.
package struct AdminOperationTable: Sendable {
    /// Every operation, in listing order; an extra whose id is already taken is left out.
    package let all: [AnyAdminOperation]
    /// `["GET /__pushfake/health", …]`: what `GET /__pushfake/routes` and a 404 list.
    package let routeList: [String]

    /// The built-in operations and `extras` after them.
    package init(extras: [AnyAdminOperation] = []) {
        var operations = AdminOperations.all
        for extra in extras where !operations.contains(where: { $0.route.id == extra.route.id }) {
            operations.append(extra)
        }
        all = operations
        routeList = operations.map(\.route.display)
    }

    /// PushFake's own operations only.
    package static let standard = AdminOperationTable()

    /// The operation with this id (`getJournal`).
    package func operation(id: String) -> AnyAdminOperation? { all.first { $0.route.id == id } }

    /// The operation for a method and a path under the admin prefix (`/faults/f-1`), with its decoded parameters;
    /// `HEAD` is matched as `GET`. Under an instance (`inInstance`) only per-instance operations exist.
    package func match(
        method: String, path: Substring, inInstance: Bool = false
    ) -> (operation: AnyAdminOperation, parameters: [String: String])? {
        let segments = path.split(separator: "/")
        let effective = method == "HEAD" ? "GET" : method
        for operation in all where operation.route.method == effective && (operation.route.perInstance || !inInstance) {
            if let parameters = Self.parameters(of: operation.route, in: segments) { return (operation, parameters) }
        }
        return nil
    }

    /// The methods some operation allows for this path (the `Allow` header of a 405).
    package func allowedMethods(path: Substring, inInstance: Bool = false) -> [String] {
        let segments = path.split(separator: "/")
        return all.map(\.route).filter {
            ($0.perInstance || !inInstance) && Self.parameters(of: $0, in: segments) != nil
        }
        .map(\.method)
    }

    private static func parameters(of route: AdminRoute, in segments: [Substring]) -> [String: String]? {
        let template = route.segments
        guard template.count == segments.count else { return nil }
        var parameters: [String: String] = [:]
        for (part, segment) in zip(template, segments) {
            if part.hasPrefix("{"), part.hasSuffix("}") {
                parameters[String(part.dropFirst().dropLast())] = PercentDecoding.decode(segment)
            } else if !part.utf8.elementsEqual(segment.utf8) {
                return nil
            }
        }
        return parameters
    }
}

import PushFakeCore

/// The admin operations one server serves: PushFake's own (``AdminOperations/all``) and its configuration's extras
/// (``ServerConfiguration/adminOperations``), matched by method and path.
package struct AdminOperationTable: Sendable {
    /// Every operation, in listing order; an extra whose id is already taken is left out.
    package let all: [AnyAdminOperation]
    /// `["GET /__pushfake/health", …]`: what `GET /__pushfake/routes` and a 404 list.
    package let routeList: [String]
    /// Each operation's path template as bytes and parameter names, in the order of ``all``: matching compares
    /// bytes (every admin request is matched, health twice), never `Character`s.
    private let patterns: [[PathPart]]

    /// One segment of a path template.
    private enum PathPart: Sendable {
        case literal([UInt8])
        case parameter(String)
    }

    /// The built-in operations and `extras` after them.
    package init(extras: [AnyAdminOperation] = []) {
        var operations = AdminOperations.all
        for extra in extras where !operations.contains(where: { $0.route.id == extra.route.id }) {
            operations.append(extra)
        }
        all = operations
        routeList = operations.map(\.route.display)
        patterns = operations.map { operation in
            operation.route.segments.map { part in
                part.hasPrefix("{") && part.hasSuffix("}")
                    ? .parameter(String(part.dropFirst().dropLast())) : .literal(Array(part.utf8))
            }
        }
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
        let segments = Self.segments(path)
        let effective = method == "HEAD" ? "GET" : method
        for (operation, pattern) in zip(all, patterns)
        where operation.route.method == effective && (operation.route.perInstance || !inInstance) {
            if let parameters = Self.parameters(of: pattern, in: segments) { return (operation, parameters) }
        }
        return nil
    }

    /// The methods some operation allows for this path (the `Allow` header of a 405).
    package func allowedMethods(path: Substring, inInstance: Bool = false) -> [String] {
        let segments = Self.segments(path)
        return zip(all, patterns).filter { operation, pattern in
            (operation.route.perInstance || !inInstance) && Self.parameters(of: pattern, in: segments) != nil
        }
        .map(\.0.route.method)
    }

    /// The path's non-empty segments, split on its bytes.
    private static func segments(_ path: Substring) -> [Substring.UTF8View] {
        path.utf8.split(separator: UInt8(ascii: "/"))
    }

    private static func parameters(of pattern: [PathPart], in segments: [Substring.UTF8View]) -> [String: String]? {
        guard pattern.count == segments.count else { return nil }
        var parameters: [String: String] = [:]
        for (part, segment) in zip(pattern, segments) {
            switch part {
            case .parameter(let name): parameters[name] = PercentDecoding.decode(Substring(segment))
            case .literal(let bytes): guard bytes.elementsEqual(segment) else { return nil }
            }
        }
        return parameters
    }
}

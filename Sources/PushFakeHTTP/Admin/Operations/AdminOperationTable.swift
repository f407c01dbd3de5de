import PushFakeCore

/// The admin operations one server serves: PushFake's own (``AdminOperations/all``) and its configuration's extras
/// (``ServerConfiguration/adminOperations``), matched by method and path.
package struct AdminOperationTable: Sendable {
    /// Every operation, in listing order; an extra whose id is already taken is left out.
    package let all: [AnyAdminOperation]
    /// `["GET /__pushfake/health", …]`: what `GET /__pushfake/routes` and a 404 list.
    package let routeList: [String]
    /// What matching reads of each operation, in the order of ``all``: its method, whether instances have it, and
    /// its path template as bytes and parameter names. Matching compares bytes (every admin request is matched,
    /// health twice), never `Character`s, and walks these compact rows rather than the operations' routes.
    private let rows: [Row]
    /// The most segments a template has: a path with more matches none.
    private let longestTemplate: Int

    private struct Row: Sendable {
        let method: String
        let perInstance: Bool
        let pattern: [PathPart]
    }

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
        rows = operations.map { operation in
            Row(
                method: operation.route.method, perInstance: operation.route.perInstance,
                pattern: operation.route.segments.map { part in
                    part.hasPrefix("{") && part.hasSuffix("}")
                        ? .parameter(String(part.dropFirst().dropLast())) : .literal(Array(part.utf8))
                })
        }
        longestTemplate = rows.map(\.pattern.count).max() ?? 0
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
        let effective = method == "HEAD" ? "GET" : method
        let found = withSegments(of: path) { bytes, segments -> (Int, [String: String])? in
            for index in rows.indices
            where rows[index].method == effective && (rows[index].perInstance || !inInstance)
                && Self.matches(rows[index].pattern, bytes, segments)
            {
                return (index, Self.parameters(of: rows[index].pattern, bytes, segments))
            }
            return nil
        }
        guard let (index, parameters) = found ?? nil else { return nil }
        return (all[index], parameters)
    }

    /// The methods some operation allows for this path (the `Allow` header of a 405).
    package func allowedMethods(path: Substring, inInstance: Bool = false) -> [String] {
        withSegments(of: path) { bytes, segments in
            rows.filter { row in
                (row.perInstance || !inInstance) && Self.matches(row.pattern, bytes, segments)
            }
            .map(\.method)
        } ?? []
    }

    /// Calls `body` with the path's bytes and the ranges of its non-empty segments, held on the stack; `nil` without
    /// calling it when the path has more segments than any template.
    private func withSegments<Result>(
        of path: Substring, _ body: (UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<Range<Int>>) -> Result
    ) -> Result? {
        var path = path
        let longest = longestTemplate
        return path.withUTF8 { bytes in
            withUnsafeTemporaryAllocation(of: Range<Int>.self, capacity: max(1, longest)) { ranges -> Result? in
                var count = 0
                var start = 0
                for index in 0...bytes.count where index == bytes.count || bytes[index] == UInt8(ascii: "/") {
                    if index > start {
                        guard count < longest else { return nil }
                        ranges.initializeElement(at: count, to: start..<index)
                        count += 1
                    }
                    start = index + 1
                }
                return body(bytes, UnsafeBufferPointer(rebasing: ranges[..<count]))
            }
        }
    }

    /// Whether the segments fit the template: as many, and each literal the same bytes.
    private static func matches(
        _ pattern: [PathPart], _ bytes: UnsafeBufferPointer<UInt8>, _ segments: UnsafeBufferPointer<Range<Int>>
    ) -> Bool {
        guard pattern.count == segments.count else { return false }
        for (part, segment) in zip(pattern, segments) {
            guard case .literal(let literal) = part else { continue }
            guard literal.count == segment.count else { return false }
            for offset in 0..<literal.count where literal[offset] != bytes[segment.lowerBound &+ offset] {
                return false
            }
        }
        return true
    }

    /// The template's parameters by name, percent-decoded, from the segments it matched.
    private static func parameters(
        of pattern: [PathPart], _ bytes: UnsafeBufferPointer<UInt8>, _ segments: UnsafeBufferPointer<Range<Int>>
    ) -> [String: String] {
        var parameters: [String: String] = [:]
        for (part, segment) in zip(pattern, segments) {
            guard case .parameter(let name) = part else { continue }
            let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[segment]), as: UTF8.self)
            parameters[name] = PercentDecoding.decode(Substring(text))
        }
        return parameters
    }
}

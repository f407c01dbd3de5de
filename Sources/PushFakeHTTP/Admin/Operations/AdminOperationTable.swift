import PushFakeCore

/// The admin operations one server serves: PushFake's own (``AdminOperations/all``) and its configuration's extras
/// (``ServerConfiguration/adminOperations``), matched by method and path.
///
/// A class: a server hands its table to every admin request, and a copy of a value retained its seven arrays.
package final class AdminOperationTable: Sendable {
    /// Every operation, in listing order; an extra whose id is already taken is left out.
    package let all: [AnyAdminOperation]
    /// `["GET /__pushfake/health", …]`: what `GET /__pushfake/routes` and a 404 list.
    package let routeList: [String]
    /// What matching reads of each operation, in the order of ``all``: its method, whether instances have it, and
    /// where its path template's segments are in ``parts``. Plain values only: matching compares bytes (every admin
    /// request is matched), never `Character`s, and retains none of the table's strings and arrays, which every
    /// event loop shares (each count would be an atomic write to memory another core holds).
    private let rows: [Row]
    /// Every template's segments, each row's in one run.
    private let parts: [PathPart]
    /// The literal segments' bytes, one after another.
    private let literals: [UInt8]
    /// The parameter segments' names.
    private let parameterNames: [String]
    /// The distinct methods of the rows, which ``Row/method`` numbers.
    private let methods: [String]
    /// The most segments a template has: a path with more matches none.
    private let longestTemplate: Int

    private struct Row: Sendable {
        let method: Int
        let perInstance: Bool
        let parts: Range<Int>
    }

    /// One segment of a path template: literal bytes (a range of ``literals``) or a parameter (its index in
    /// ``parameterNames``).
    private struct PathPart: Sendable {
        let literal: Range<Int>
        let parameter: Int?
    }

    /// The built-in operations and `extras` after them.
    package init(extras: [AnyAdminOperation] = []) {
        var operations = AdminOperations.all
        for extra in extras where !operations.contains(where: { $0.route.id == extra.route.id }) {
            operations.append(extra)
        }
        all = operations
        routeList = operations.map(\.route.display)
        var rows: [Row] = []
        var parts: [PathPart] = []
        var literals: [UInt8] = []
        var names: [String] = []
        var methods: [String] = []
        for route in operations.map(\.route) {
            let first = parts.count
            for segment in route.segments {
                if segment.hasPrefix("{") && segment.hasSuffix("}") {
                    parts.append(PathPart(literal: 0..<0, parameter: names.count))
                    names.append(String(segment.dropFirst().dropLast()))
                } else {
                    parts.append(
                        PathPart(literal: literals.count..<literals.count + segment.utf8.count, parameter: nil))
                    literals.append(contentsOf: segment.utf8)
                }
            }
            let method = methods.firstIndex(of: route.method) ?? methods.count
            if method == methods.count { methods.append(route.method) }
            rows.append(Row(method: method, perInstance: route.perInstance, parts: first..<parts.count))
        }
        (self.rows, self.parts, self.literals, parameterNames, self.methods) = (rows, parts, literals, names, methods)
        longestTemplate = rows.map(\.parts.count).max() ?? 0
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
        guard let code = methods.firstIndex(of: effective) else { return nil }
        let found = withSegments(of: path) { bytes, segments -> (Int, [String: String])? in
            for index in rows.indices
            where rows[index].method == code && (rows[index].perInstance || !inInstance)
                && matches(rows[index].parts, bytes, segments)
            {
                return (index, parameters(of: rows[index].parts, bytes, segments))
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
                (row.perInstance || !inInstance) && matches(row.parts, bytes, segments)
            }
            .map { methods[$0.method] }
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

    /// Whether the segments fit the template whose parts are `run`: as many, and each literal the same bytes.
    private func matches(
        _ run: Range<Int>, _ bytes: UnsafeBufferPointer<UInt8>, _ segments: UnsafeBufferPointer<Range<Int>>
    ) -> Bool {
        guard run.count == segments.count else { return false }
        for (offset, segment) in segments.enumerated() {
            let part = parts[run.lowerBound &+ offset]
            guard part.parameter == nil else { continue }
            guard part.literal.count == segment.count else { return false }
            for index in 0..<segment.count
            where literals[part.literal.lowerBound &+ index] != bytes[segment.lowerBound &+ index] {
                return false
            }
        }
        return true
    }

    /// The template's parameters by name, percent-decoded, from the segments it matched.
    private func parameters(
        of run: Range<Int>, _ bytes: UnsafeBufferPointer<UInt8>, _ segments: UnsafeBufferPointer<Range<Int>>
    ) -> [String: String] {
        var parameters: [String: String] = [:]
        for (offset, segment) in segments.enumerated() {
            guard let name = parts[run.lowerBound &+ offset].parameter else { continue }
            let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[segment]), as: UTF8.self)
            parameters[parameterNames[name]] = PercentDecoding.decode(Substring(text))
        }
        return parameters
    }
}

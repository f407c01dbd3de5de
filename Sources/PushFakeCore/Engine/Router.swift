/// Maps a method and raw path to a registered vendor's route.
///
/// Before matching it collapses repeated `/`, drops one trailing `/` and percent-decodes each segment
/// (FakeBehaviour.md, Common), so a path from a trailing-slash base URL routes like the rest. A match carries the
/// vendor's index in the registry and the route's index in that vendor's list, so the engine reaches the handler
/// without a lookup.
struct Router: Sendable {
    enum Result: Equatable {
        case matched(RouteMatch, vendorIndex: Int, routeIndex: Int)
        /// The path is known but not for this method.
        case methodNotAllowed(vendorIndex: Int?, allowed: [String])
        case notFound(vendorIndex: Int?)
    }

    /// A vendor's path prefix as segments, e.g. `["api", "v2"]`.
    struct Prefix: Sendable {
        let segments: [String]
        let vendorIndex: Int
    }

    /// By segment count: an array index rather than a hashed key on every request.
    private let routesBySegmentCount: [[RoutePattern]]
    /// Longest first, so `/api/v2/…` goes to the vendor owning `/api/v2` rather than the one owning `/api`.
    private let prefixes: [Prefix]
    /// `METHOD /template` of every route, without repeats, in registration order.
    let templates: [String]

    init(routes: [RoutePattern], prefixes: [Prefix]) {
        var bySegmentCount = [[RoutePattern]](repeating: [], count: (routes.map(\.segments.count).max() ?? 0) + 1)
        for route in routes { bySegmentCount[route.segments.count].append(route) }
        routesBySegmentCount = bySegmentCount
        self.prefixes = prefixes.sorted { $0.segments.count > $1.segments.count }
        var seen = Set<String>()
        templates = routes.map { "\($0.method) \($0.template)" }.filter { seen.insert($0).inserted }
    }

    func route(method: String, path: String) -> Result {
        // HEAD is GET without a body (RFC 9110 §9.3.2); the serializer drops the body.
        let effectiveMethod = method == "HEAD" ? "GET" : method
        var path = path
        // Most paths have no percent escape: their segments are their raw bytes, matched without making strings
        // (this runs on every request). Everything else, and every 404, takes the decoding path below.
        let found = path.withUTF8 { bytes in matchRaw(method: effectiveMethod, bytes) }
        if let found { return found }
        return route(effectiveMethod: effectiveMethod, segments: Self.segments(of: path))
    }

    /// A match or a 405 for a path without `%`, else `nil`. The path is read once: split into byte ranges on the
    /// stack as it is checked for `%`, and given up on at the first segment beyond the longest route's.
    private func matchRaw(method: String, _ bytes: UnsafeBufferPointer<UInt8>) -> Result? {
        let room = routesBySegmentCount.count
        return withUnsafeTemporaryAllocation(of: Range<Int>.self, capacity: room) { parts -> Result? in
            var count = 0
            var start = -1
            for position in bytes.indices {
                let byte = bytes[position]
                if byte == UInt8(ascii: "/") {
                    if start >= 0 {
                        parts.initializeElement(at: count &- 1, to: start..<position)
                        start = -1
                    }
                } else if byte == UInt8(ascii: "%") {
                    return nil
                } else if start < 0 {
                    // A route has at most `room - 1` segments: a longer path is left to the decoding path's 404.
                    guard count < room &- 1 else { return nil }
                    start = position
                    count &+= 1
                }
            }
            if start >= 0 { parts.initializeElement(at: count &- 1, to: start..<bytes.count) }
            guard !routesBySegmentCount[count].isEmpty else { return nil }
            let patterns = routesBySegmentCount[count]
            let parts = UnsafeMutableBufferPointer(rebasing: parts[..<count])
            var allowed: [String] = []
            var pathVendor: Int?
            for index in patterns.indices where patterns[index].fits(bytes, parts: parts) {
                if patterns[index].method == method {
                    // Read in place: binding the pattern to a constant copied it (its arrays and strings retained).
                    return .matched(
                        patterns[index].match(bytes, parts: parts),
                        vendorIndex: patterns[index].vendorIndex, routeIndex: patterns[index].routeIndex)
                }
                allowed.append(patterns[index].method)
                pathVendor = patterns[index].vendorIndex
            }
            return allowed.isEmpty ? nil : .methodNotAllowed(vendorIndex: pathVendor, allowed: allowed)
        }
    }

    private func route(effectiveMethod: String, segments: [String]) -> Result {
        var allowed: [String] = []
        var pathVendor: Int?
        for pattern in segments.count < routesBySegmentCount.count ? routesBySegmentCount[segments.count] : [] {
            guard let parameters = pattern.parameters(for: segments) else { continue }
            if pattern.method == effectiveMethod {
                return .matched(
                    pattern.match(parameters: parameters),
                    vendorIndex: pattern.vendorIndex, routeIndex: pattern.routeIndex)
            }
            allowed.append(pattern.method)
            pathVendor = pattern.vendorIndex
        }
        if !allowed.isEmpty { return .methodNotAllowed(vendorIndex: pathVendor, allowed: allowed) }
        return .notFound(vendorIndex: vendorIndex(forPrefixOf: segments))
    }

    /// The vendor whose longest declared prefix the path is under, for vendor-shaped 404s.
    func vendorIndex(forPrefixOf segments: [String]) -> Int? {
        prefixes.first { prefix in
            prefix.segments.count <= segments.count
                && zip(prefix.segments, segments).allSatisfy { $0.hasSameBytes(as: $1) }
        }?.vendorIndex
    }

    /// Normalized, percent-decoded path segments, split on bytes (this runs on every request).
    static func segments(of path: String) -> [String] {
        var path = path
        return path.withUTF8 { bytes in
            var result: [String] = []
            result.reserveCapacity(8)
            var start = 0
            var hasEscape = false
            for index in 0...bytes.count {
                if index < bytes.count, bytes[index] != UInt8(ascii: "/") {
                    if bytes[index] == UInt8(ascii: "%") { hasEscape = true }
                    continue
                }
                if index > start {
                    let segment = UnsafeBufferPointer(rebasing: bytes[start..<index])
                    let text = String(decoding: segment, as: UTF8.self)
                    result.append(hasEscape ? PercentDecoding.decode(Substring(text)) : text)
                }
                start = index + 1
                hasEscape = false
            }
            return result
        }
    }
}

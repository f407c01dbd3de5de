/// Maps a method and raw path to a vendor operation.
///
/// Before matching it collapses repeated `/`, drops one trailing `/` and percent-decodes each segment
/// (FakeBehaviour.md, Common), so `/TPNS//api/device/register/` from a trailing-slash base URL routes like the rest.
struct Router: Sendable {
    enum Result: Equatable {
        case matched(RouteMatch)
        /// The path is known but not for this method.
        case methodNotAllowed(vendor: Vendor?, allowed: [String])
        case notFound(vendor: Vendor?)
    }

    private let routesBySegmentCount: [Int: [RoutePattern]]
    let templates: [String]

    init(routes: [RoutePattern]) {
        routesBySegmentCount = Dictionary(grouping: routes, by: \.segments.count)
        var seen = Set<String>()
        templates = routes.map { "\($0.method) \($0.template)" }.filter { seen.insert($0).inserted }
    }

    func route(method: String, path: String) -> Result {
        let segments = Self.segments(of: path)
        // HEAD is GET without a body (RFC 9110 §9.3.2); the serializer drops the body.
        let effectiveMethod = method == "HEAD" ? "GET" : method
        var allowed: [String] = []
        var pathVendor: Vendor?
        for pattern in routesBySegmentCount[segments.count] ?? [] {
            guard let parameters = pattern.parameters(for: segments) else { continue }
            if pattern.method == effectiveMethod {
                return .matched(
                    RouteMatch(
                        vendor: pattern.vendor, operation: pattern.operation, parameters: parameters,
                        template: pattern.template))
            }
            allowed.append(pattern.method)
            pathVendor = pattern.vendor
        }
        if !allowed.isEmpty { return .methodNotAllowed(vendor: pathVendor, allowed: allowed) }
        return .notFound(vendor: Self.vendor(forPrefixOf: segments))
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

    /// The vendor whose prefix the path is under, for vendor-shaped 404s.
    static func vendor(forPrefixOf segments: [String]) -> Vendor? {
        guard let first = segments.first else { return nil }
        if first == "TPNS" { return .tpns }
        if first == "api" {
            return segments.count > 1 && segments[1] == "v2" ? .twinPush : .tpns
        }
        return nil
    }
}

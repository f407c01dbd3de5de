import PushFakeCore

/// What a replay found: per route, how many answers were equal and how many differed; each differing field with its
/// recorded and live value; and the latency of the live answers (RecordingFormat.md, "Replay").
public struct DriftReport: Sendable, Equatable {
    /// The base URL the requests went to.
    public let url: String
    /// How many sessions ran (``ReplayOptions/concurrency``).
    public let sessions: Int
    /// Every replayed request, session by session, in recorded order.
    public let results: [ExchangeResult]
    /// Recorded requests that could not be sent (no method: HTTP the recording server could not read), by location.
    public let skipped: [String]

    /// Whether any answer differed.
    public var hasDrift: Bool { results.contains { !$0.isEqual } }

    /// The exchanges a limit cut short (``ReplayLimit``), in order.
    public var limitsHit: [ExchangeResult] { results.filter { $0.limit != nil } }

    /// One row per route, in order of first appearance.
    public var routes: [(route: String, equal: Int, different: Int)] {
        var order: [String] = []
        var counts: [String: (equal: Int, different: Int)] = [:]
        for result in results {
            if counts[result.route] == nil { order.append(result.route) }
            var count = counts[result.route] ?? (0, 0)
            if result.isEqual { count.equal += 1 } else { count.different += 1 }
            counts[result.route] = count
        }
        return order.map { ($0, counts[$0]?.equal ?? 0, counts[$0]?.different ?? 0) }
    }

    /// Latency percentiles over every answer.
    public var latency: LatencySummary? { LatencySummary(results.map(\.latency)) }

    /// The report for people: a summary line, one line per route, the differing answers (at most `limit`) with their
    /// fields, skipped requests, and the latency percentiles.
    public func text(limit: Int = 50) -> String {
        let different = results.filter { !$0.isEqual }
        let sessionsText = sessions == 1 ? "" : " in \(sessions) sessions"
        var lines = [
            "replayed \(results.count) requests\(sessionsText) against \(url): \(results.count - different.count) "
                + "equal, \(different.count) different"
        ]
        let rows = routes
        let width = rows.map(\.route.count).max() ?? 0
        for row in rows {
            let padding = String(repeating: " ", count: width - row.route.count)
            lines.append("  \(row.route)\(padding)  \(row.equal) equal, \(row.different) different")
        }
        if !different.isEmpty {
            lines.append("differences:")
            for result in different.prefix(limit) {
                let session = sessions == 1 ? "" : "session \(result.session), "
                lines.append("  \(session)\(result.location): \(result.request)")
                lines += result.differences.map { "    " + $0.line(currentLabel: "live") }
                if let drift = result.latencyDrift { lines.append("    " + drift.line) }
            }
            if different.count > limit {
                lines.append("  … and \(different.count - limit) more differing answers (--json lists them all)")
            }
        }
        if !skipped.isEmpty {
            lines.append("skipped (no method to send): " + skipped.joined(separator: ", "))
        }
        let cut = limitsHit
        if !cut.isEmpty {
            let places = cut.prefix(limit).map { result -> String in
                let session = sessions == 1 ? "" : "session \(result.session) "
                return "\(session)\(result.location) (\(result.limit?.option ?? ""))"
            }
            let more = cut.count > limit ? ", … \(cut.count - limit) more" : ""
            lines.append("limits hit, answers cut off: " + places.joined(separator: ", ") + more)
        }
        if let latency { lines.append(latency.line) }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The report as JSON, for scripts: every differing answer, fields with `recorded` and `live` (absent when the
    /// field is absent on that side), latencies in milliseconds.
    public var json: JSON {
        let different = results.filter { !$0.isEqual }
        var object: JSONObject = [
            "url": .string(url), "sessions": .int(sessions), "requests": .int(results.count),
            "equal": .int(results.count - different.count), "different": .int(different.count),
            "drift": .bool(hasDrift),
        ]
        object["routes"] = .array(
            routes.map { ["route": .string($0.route), "equal": .int($0.equal), "different": .int($0.different)] })
        object["differences"] = .array(different.map(Self.json))
        object["skipped"] = .array(skipped.map(JSON.string))
        object["limitsHit"] = .array(
            limitsHit.map { result in
                [
                    "session": .int(result.session), "location": .string(result.location),
                    "limit": .string(result.limit?.rawValue ?? ""),
                ]
            })
        if let latency {
            object["latency"] = [
                "count": .int(latency.count), "p50": .double(latency.p50 * 1000), "p90": .double(latency.p90 * 1000),
                "p99": .double(latency.p99 * 1000), "max": .double(latency.max * 1000),
            ]
        }
        return .object(object)
    }

    private static func json(_ result: ExchangeResult) -> JSON {
        var fields: [JSON] = result.differences.map { difference in
            var field: JSONObject = ["field": .string(difference.path)]
            if let recorded = difference.recorded { field["recorded"] = recorded }
            if let live = difference.current { field["live"] = live }
            return .object(field)
        }
        if let drift = result.latencyDrift {
            fields.append(
                [
                    "field": "latency", "recorded": .double(drift.recorded * 1000), "live": .double(drift.live * 1000),
                    "tolerance": .double(drift.tolerance * 1000),
                ])
        }
        return [
            "session": .int(result.session), "location": .string(result.location), "request": .string(result.request),
            "route": .string(result.route), "fields": .array(fields),
        ]
    }
}

import Foundation

extension FleetReport {
    /// The report as JSON: sorted keys, indented, a final newline.
    public func jsonData() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return try encoder.encode(self) + Data([10])
    }

    /// Reads a report written by ``jsonData()``; refuses another `version`.
    public static func read(_ data: Data) throws -> FleetReport {
        let report = try JSONDecoder().decode(FleetReport.self, from: data)
        guard report.version == 1 else {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(codingPath: [], debugDescription: "report version \(report.version), not 1"))
        }
        return report
    }

    /// The summary table `pushfake fleet run` and `pushfake fleet report` print.
    public var text: String {
        var lines: [String] = []
        let devices = self.devices.values.reduce(0, +)
        let registered = self.registered.values.reduce(0, +)
        lines.append(
            "fleet: \(devices) devices (\(Self.list(self.devices))), \(registered) registered; shards \(shards.joined(separator: ", "))"
        )
        lines.append(
            "requests: \(requests) in \(Self.number(requestSeconds)) s (\(Self.number(requestsPerSecond))/s)"
                + (errors.isEmpty ? "" : "; errors: \(Self.list(errors))"))
        lines.append("states: \(Self.list(states))")
        guard !notifications.isEmpty else {
            return (lines + ["no notifications reached the fleet"]).joined(separator: "\n") + "\n"
        }
        let header = [
            "notification", "targeted", "delivered", "received", "opened", "dismissed", "expired",
            "received p50/p90/p99/max s",
            "opened p50/p90/p99/max s", "vendor report",
        ]
        var rows = [header]
        for notification in notifications {
            let vendor = notification.vendorReport.map { report in
                "\(report.agrees ? "agrees" : "DISAGREES") (d \(report.delivered) r \(report.received) o \(report.opened))"
            }
            rows.append([
                "\(notification.vendor) \(notification.id)", "\(notification.targeted)", "\(notification.delivered)",
                "\(notification.received)", "\(notification.opened)", "\(notification.dismissed)",
                "\(notification.expired)", Self.percentiles(notification.latency.received),
                Self.percentiles(notification.latency.opened), vendor ?? "-",
            ])
        }
        let widths = header.indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
        for row in rows {
            lines.append(
                row.indices.map { row[$0].padding(toLength: widths[$0], withPad: " ", startingAt: 0) }
                    .joined(separator: "  ").trimmingCharacters(in: .whitespaces))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func list(_ counts: [String: Int]) -> String {
        counts.isEmpty
            ? "none" : counts.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
    }

    static func number(_ value: Double) -> String { String(format: "%.1f", value) }

    static func percentiles(_ value: Percentiles) -> String {
        value.count == 0 ? "-" : [value.p50, value.p90, value.p99, value.max].map(number).joined(separator: "/")
    }
}

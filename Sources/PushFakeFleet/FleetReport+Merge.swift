import Foundation

extension FleetReport {
    /// The reports of the shards of one fleet as one report (`pushfake fleet report A.json B.json …`): counts add
    /// up, notifications are matched by vendor and id. Latency percentiles cannot be merged exactly from summaries:
    /// each merged figure is the largest of the shards' (an upper bound); `count` and `max` are exact.
    public static func merged(_ reports: [FleetReport]) -> FleetReport {
        var merged = FleetReport(
            seed: reports.first?.seed ?? 0, shards: [], devices: [:], registered: [:], states: [:], requests: 0,
            requestSeconds: 0, requestsPerSecond: 0, errors: [:], notifications: [])
        var index: [String: Int] = [:]
        for report in reports {
            merged.shards += report.shards
            merged.devices.merge(report.devices, uniquingKeysWith: +)
            merged.registered.merge(report.registered, uniquingKeysWith: +)
            merged.states.merge(report.states, uniquingKeysWith: +)
            merged.errors.merge(report.errors, uniquingKeysWith: +)
            merged.requests += report.requests
            merged.requestSeconds = max(merged.requestSeconds, report.requestSeconds)
            // Shards run side by side: their rates add up.
            merged.requestsPerSecond += report.requestsPerSecond
            for notification in report.notifications {
                let key = notification.vendor + " " + notification.id
                guard let at = index[key] else {
                    index[key] = merged.notifications.count
                    merged.notifications.append(notification)
                    continue
                }
                merged.notifications[at].add(notification)
            }
        }
        merged.shards.sort { $0.localizedStandardCompare($1) == .orderedAscending }
        for at in merged.notifications.indices {
            if let vendor = merged.notifications[at].vendorReport {
                merged.notifications[at].vendorReport = vendor.compared(with: merged.notifications[at])
            }
        }
        return merged
    }
}

extension FleetReport.Notification {
    mutating func add(_ other: FleetReport.Notification) {
        targeted += other.targeted
        delivered += other.delivered
        received += other.received
        opened += other.opened
        dismissed += other.dismissed
        expired += other.expired
        uninstalled += other.uninstalled
        latency.delivered.add(other.latency.delivered)
        latency.received.add(other.latency.received)
        latency.opened.add(other.latency.opened)
        if vendorReport == nil { vendorReport = other.vendorReport }
    }
}

extension FleetReport.Percentiles {
    mutating func add(_ other: FleetReport.Percentiles) {
        guard other.count > 0 else { return }
        guard count > 0 else {
            self = other
            return
        }
        count += other.count
        p50 = Swift.max(p50, other.p50)
        p90 = Swift.max(p90, other.p90)
        p99 = Swift.max(p99, other.p99)
        max = Swift.max(max, other.max)
    }
}

extension FleetReport.VendorReport {
    /// These vendor figures checked against the fleet's own for the same notification: `delivered` against what
    /// the fleet was targeted with, `received` against its receipts that sent an ack, `opened` against its opens.
    func compared(with fleet: FleetReport.Notification, acks: Int? = nil) -> FleetReport.VendorReport {
        var report = self
        var problems: [String] = []
        if delivered != fleet.targeted { problems.append("delivered \(delivered) ≠ fleet targeted \(fleet.targeted)") }
        if deliveries != fleet.targeted {
            problems.append("deliveries \(deliveries) ≠ fleet targeted \(fleet.targeted)")
        }
        let expectedReceived = acks ?? fleet.received
        if received != expectedReceived { problems.append("received \(received) ≠ fleet acks \(expectedReceived)") }
        if opened != fleet.opened { problems.append("opened \(opened) ≠ fleet opened \(fleet.opened)") }
        report.agrees = problems.isEmpty
        report.disagreement = problems.isEmpty ? nil : problems.joined(separator: "; ")
        return report
    }
}

/// The running counts of one notification on the fleet's devices, turned into a ``FleetReport/Notification`` at the
/// end.
struct FleetTally: Sendable {
    let id: String
    let vendor: String
    /// FNV-1a of the id: mixed into each device's reaction draw, so reactions depend on (seed, device,
    /// notification) only — not on arrival order or sharding.
    let hash: UInt64
    var targeted = 0
    var delivered = 0
    var received = 0
    var opened = 0
    var dismissed = 0
    var expired = 0
    var uninstalled = 0
    /// Receipts a device acknowledged to the vendor (Android push ack, the iOS receipt extension).
    var acked = 0
    /// Opens drawn and scheduled, not yet due.
    var pendingOpens = 0
    var deliveredLatency: [Double] = []
    var receivedLatency: [Double] = []
    var openedLatency: [Double] = []

    init(id: String, vendor: String) {
        self.id = id
        self.vendor = vendor
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in id.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        }
        self.hash = hash
    }

    var report: FleetReport.Notification {
        FleetReport.Notification(
            id: id, vendor: vendor, targeted: targeted, delivered: delivered, received: received, opened: opened,
            dismissed: dismissed, expired: expired, uninstalled: uninstalled,
            latency: FleetReport.Latencies(
                delivered: .of(deliveredLatency), received: .of(receivedLatency), opened: .of(openedLatency)),
            vendorReport: nil)
    }
}

extension FleetReport.Percentiles {
    /// Nearest-rank percentiles of `samples`.
    static func of(_ samples: [Double]) -> FleetReport.Percentiles {
        guard !samples.isEmpty else { return FleetReport.Percentiles(count: 0, p50: 0, p90: 0, p99: 0, max: 0) }
        let sorted = samples.sorted()
        func rank(_ fraction: Double) -> Double {
            let index = Int((fraction * Double(sorted.count)).rounded(.up)) - 1
            return sorted[Swift.min(Swift.max(index, 0), sorted.count - 1)]
        }
        return FleetReport.Percentiles(
            count: sorted.count, p50: rank(0.5), p90: rank(0.9), p99: rank(0.99), max: sorted[sorted.count - 1])
    }
}

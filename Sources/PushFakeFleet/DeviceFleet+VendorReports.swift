import Foundation
import PushFakeCore

extension DeviceFleet {
    /// Asks TwinPush for its own figures on every TwinPush notification that reached the fleet (`…/report` and
    /// `…/deliveries`, TwinPushWireProtocol.md §9) and returns the report with them and whether they agree with the
    /// fleet's. They agree when the fleet is the whole audience: a shard's report disagrees on its own, and agrees
    /// once merged with the other shards' (``FleetReport/merged(_:)``).
    public func reportCheckedWithVendor() async -> FleetReport {
        guard let driver = control.withLock({ $0.driver }) else { return report() }
        return await Self.onThread { self.checkVendorReports(driver) }
    }

    private func checkVendorReports(_ driver: FleetDriver) -> FleetReport {
        let (report, acks) = state.withLock { state in
            (state.report(), state.tallies.map(\.acked))
        }
        var checked = report
        for index in checked.notifications.indices where checked.notifications[index].vendor == "twinpush" {
            let notification = checked.notifications[index]
            let requests = wire.vendorReportRequests(notification: notification.id)
            let counts = driver.transport.send(requests.report)
            let deliveries = driver.transport.send(requests.deliveries)
            guard counts.status == 200, let json = try? JSON.parse(counts.body), deliveries.status == 200,
                let list = try? JSON.parse(deliveries.body)
            else {
                state.withLock {
                    $0.errors["vendor_report http-\(counts.status)/\(deliveries.status)", default: 0] += 1
                }
                continue
            }
            let vendor = FleetReport.VendorReport(
                delivered: json["delivery_count"]?.intValue ?? -1, received: json["received_count"]?.intValue ?? -1,
                opened: json["opening_count"]?.intValue ?? -1, deliveries: list["total_entries"]?.intValue ?? -1,
                agrees: false, disagreement: nil)
            checked.notifications[index].vendorReport = vendor.compared(
                with: notification, acks: acks.indices.contains(index) ? acks[index] : nil)
        }
        checked.errors = state.withLock { $0.errors }
        return checked
    }
}

import Foundation

/// What a fleet run saw, per notification and overall: the JSON `pushfake fleet run --report` writes and
/// `pushfake fleet report` merges; the dashboard's fleet view reads the same names.
///
/// Every count is over the fleet's own devices (a shard counts only its slice, so the counts of N shard reports add
/// up to the unsharded run's). Times are seconds; latencies are measured on the fleet's clock (the fake's clock in
/// virtual time).
public struct FleetReport: Codable, Sendable, Equatable {
    /// `1` for this layout; a reader refuses other versions.
    public var version: Int = 1
    /// The seed the fleet's identities and policies were drawn from.
    public var seed: UInt64
    /// The shards this report covers, as `I/N` texts (`["0/1"]` for an unsharded run; merged reports list all).
    public var shards: [String]
    /// Devices in the fleet (this shard's slice), by profile name (`tpns-ios`, `twinpush-ios`, `twinpush-android`).
    public var devices: [String: Int]
    /// Devices whose registration succeeded, by profile name.
    public var registered: [String: Int]
    /// Devices by their state at the end of the run (`background`, `foreground`, `offline`, `uninstalled`,
    /// `unregistered`).
    public var states: [String: Int]
    /// Requests the fleet sent to the vendors.
    public var requests: Int
    /// Seconds between the first and the last request the fleet sent (fleet clock).
    public var requestSeconds: Double
    /// `requests / requestSeconds` (0 when no time passed, as in virtual time where requests share an instant).
    public var requestsPerSecond: Double
    /// Failed requests and refused deliveries by type: `http-<status>`, `transport`, `delivery-<reason>`.
    public var errors: [String: Int]
    /// One entry per notification that reached at least one of the fleet's devices, in first-delivery order.
    public var notifications: [Notification]

    /// What happened to one notification on the fleet's devices.
    public struct Notification: Codable, Sendable, Equatable {
        /// The vendor's notification id (TwinPush notification id, TPNS send id).
        public var id: String
        /// `twinpush` or `tpns`.
        public var vendor: String
        /// Deliveries the vendor made to the fleet's devices (delivered or refused by the push network).
        public var targeted: Int
        /// Deliveries the push network accepted (status `delivered`: the delivery checks found nothing fatal).
        public var delivered: Int
        /// Deliveries a device received (online and installed; a held delivery counts when it arrives).
        public var received: Int
        /// Notifications a device opened (tap, or an iOS app in the foreground).
        public var opened: Int
        /// Notifications the user dismissed (no request: neither SDK reports a dismissal).
        public var dismissed: Int
        /// Deliveries that waited on an offline device longer than the policy's `expireAfter` and were dropped.
        public var expired: Int
        /// Deliveries to devices whose app was uninstalled by then (never received).
        public var uninstalled: Int
        /// Seconds from the send (the delivery's creation on the fake's clock) to the delivery, the receipt and the
        /// open.
        public var latency: Latencies
        /// What the vendor's own report endpoints said, when the fleet asked them (TwinPush only).
        public var vendorReport: VendorReport?
    }

    /// Latency distributions of one notification, in seconds.
    public struct Latencies: Codable, Sendable, Equatable {
        /// Send → delivered (0 in-process: the fake delivers while it answers the send).
        public var delivered: Percentiles
        /// Send → received by the device.
        public var received: Percentiles
        /// Send → opened.
        public var opened: Percentiles
    }

    /// p50, p90, p99 and max of a set of samples (nearest rank); all 0 with no samples.
    public struct Percentiles: Codable, Sendable, Equatable {
        /// Samples the figures were computed from.
        public var count: Int
        public var p50: Double
        public var p90: Double
        public var p99: Double
        public var max: Double
    }

    /// TwinPush's own figures for a notification: `GET …/notifications/{id}/report` and `…/deliveries`.
    public struct VendorReport: Codable, Sendable, Equatable {
        /// `delivered` of the report endpoint (devices the notification was sent to).
        public var delivered: Int
        /// `received` of the report endpoint (received_notification acks).
        public var received: Int
        /// `opened` of the report endpoint (open_notification calls).
        public var opened: Int
        /// Entries `…/deliveries` listed for the notification.
        public var deliveries: Int
        /// Whether the vendor's figures match the fleet's own (`delivered` = targeted when the fleet is the whole
        /// audience, `received` = acks the fleet sent, `opened` = opens the fleet reported).
        public var agrees: Bool
        /// Why not, when `agrees` is false.
        public var disagreement: String?
    }
}

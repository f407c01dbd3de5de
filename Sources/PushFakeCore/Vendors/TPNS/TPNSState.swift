import Dispatch
import Foundation

/// TPNS devices, sends and in-flight registers of one engine.
struct TPNSState: Sendable {
    /// A device's identity: application key and device id, each compared by its bytes (``WireKey``).
    struct DeviceKey: Hashable, Sendable {
        let applicationKey: WireKey
        let deviceId: WireKey

        init(applicationKey: String, deviceId: String) {
            self.applicationKey = WireKey(applicationKey)
            self.deviceId = WireKey(deviceId)
        }
    }

    /// Application keys declared up front or since; non-empty makes TPNS strict about keys.
    private(set) var declaredApps: Set<WireKey>
    /// The declared keys in the order they were declared.
    private(set) var declaredAppOrder: [String] = []
    /// ``PushFakeConfiguration/stateChecks``: answer -1000 / -1001 / -1002 from this state.
    let stateChecks: Bool
    /// ``PushFakeConfiguration/tpnsRequireRegistrationID``.
    let requireRegistrationID: Bool
    private(set) var autoProvisionedApps: [String] = []
    private var provisioned: Set<WireKey> = []
    private(set) var devices: [TPNS.Device] = []
    private var indexByKey: [DeviceKey: Int] = [:]
    private(set) var notifications: [TPNS.Notification] = []
    /// Registers whose response is still being delayed, by monotonic deadline (nanoseconds).
    private var inFlightUntil: [DeviceKey: UInt64] = [:]

    init(configuration: PushFakeConfiguration) {
        declaredApps = []
        stateChecks = configuration.stateChecks
        requireRegistrationID = configuration.tpnsRequireRegistrationID
        for key in configuration.tpnsApps { declare(key) }
    }

    /// Declares an application key (again: no change).
    mutating func declare(_ applicationKey: String) {
        if declaredApps.insert(applicationKey).inserted { declaredAppOrder.append(applicationKey) }
    }

    var isStrict: Bool { !declaredApps.isEmpty }

    /// Whether the key is usable; records auto-provisioning on first use when nothing is declared.
    mutating func admit(_ applicationKey: String, notes: inout [String]) -> Bool {
        if isStrict { return declaredApps.contains(applicationKey) }
        // Most traffic is for the app used last: no hashing for it (this runs on every register and send).
        if let last = autoProvisionedApps.last, last.hasSameBytes(as: applicationKey) { return true }
        if provisioned.insert(applicationKey).inserted {
            autoProvisionedApps.append(applicationKey)
            notes.append("application key \(applicationKey) auto-provisioned")
        }
        return true
    }

    func device(_ key: DeviceKey) -> TPNS.Device? {
        indexByKey[key].map { devices[$0] }
    }

    /// Where the device with `key` is in ``devices``: a register looks it up once and hands the index back to
    /// ``upsert(_:at:)`` (each lookup hashes both strings of the key).
    func deviceIndex(_ key: DeviceKey) -> Int? {
        indexByKey[key]
    }

    /// Replaces the device at `index` (from ``deviceIndex(_:)`` for the same key, with no change in between), or
    /// inserts it when `index` is `nil`.
    mutating func upsert(_ device: consuming TPNS.Device, at index: Int?) {
        if let index, devices.indices.contains(index) {
            devices[index] = device
        } else {
            upsert(device)
        }
    }

    /// Inserts or replaces a device; returns the previous record.
    @discardableResult
    mutating func upsert(_ device: consuming TPNS.Device) -> TPNS.Device? {
        let key = DeviceKey(applicationKey: device.applicationKey, deviceId: device.deviceId)
        if let index = indexByKey[key] {
            let previous = devices[index]
            devices[index] = device
            return previous
        }
        indexByKey[key] = devices.count
        devices.append(device)
        return nil
    }

    /// Active-or-not devices of an app whose type is in `types`, in registration order.
    /// Where in ``devices`` an app's devices whose type is in `types` are, in registration order: a fan-out reads
    /// each in place instead of copying a million of them (Performance.md, "Fan-out"). `types` has at most three
    /// short members, so comparing with each beats hashing every device's type.
    func devicePositions(applicationKey: String, types: [String]) -> [Int] {
        var positions: [Int] = []
        for position in devices.indices
        where devices[position].applicationKey.hasSameBytes(as: applicationKey)
            && types.contains(devices[position].applicationType)
        {
            positions.append(position)
        }
        return positions
    }

    mutating func record(_ notification: TPNS.Notification) {
        notifications.append(notification)
    }

    /// Counts a key as auto-provisioned (state documents), once.
    mutating func markProvisioned(_ applicationKey: String) {
        if provisioned.insert(applicationKey).inserted { autoProvisionedApps.append(applicationKey) }
    }

    func isInFlight(_ key: DeviceKey) -> Bool {
        guard !inFlightUntil.isEmpty, let deadline = inFlightUntil[key] else { return false }
        return deadline > DispatchTime.now().uptimeNanoseconds
    }

    /// Marks a register in flight for `seconds` (a fault's delay, at most ``Fault/maximumDelay``). The conversion
    /// and the sum cannot trap: the delay is bounded again here and the deadline saturates.
    mutating func markInFlight(_ key: DeviceKey, for seconds: Double) {
        guard seconds > 0 else {
            // Almost always empty: no hashing then (this runs on every register).
            if !inFlightUntil.isEmpty { inFlightUntil[key] = nil }
            return
        }
        let nanoseconds = UInt64(Fault.clampedDelay(seconds) * 1_000_000_000)
        let (deadline, overflow) = DispatchTime.now().uptimeNanoseconds.addingReportingOverflow(nanoseconds)
        inFlightUntil[key] = overflow ? UInt64.max : deadline
    }
}

import Foundation

/// TwinPush apps, devices, notifications and alias inboxes of one engine, with the indexes that keep every
/// request O(1) or O(its own data) rather than O(all devices). Every key compares by its bytes (``WireKey``,
/// FakeBehaviour.md, Identity).
struct TwinPushState: Sendable {
    struct DeviceKey: Hashable, Sendable {
        let app: String
        let udid: String
        let platform: String

        static func == (lhs: DeviceKey, rhs: DeviceKey) -> Bool {
            lhs.udid.hasSameBytes(as: rhs.udid) && lhs.platform.hasSameBytes(as: rhs.platform)
                && lhs.app.hasSameBytes(as: rhs.app)
        }

        func hash(into hasher: inout Hasher) {
            WireKey.hash(app, into: &hasher)
            WireKey.hash(udid, into: &hasher)
            WireKey.hash(platform, into: &hasher)
        }
    }

    struct AliasKey: Hashable, Sendable {
        let app: String
        let alias: String

        static func == (lhs: AliasKey, rhs: AliasKey) -> Bool {
            lhs.alias.hasSameBytes(as: rhs.alias) && lhs.app.hasSameBytes(as: rhs.app)
        }

        func hash(into hasher: inout Hasher) {
            WireKey.hash(app, into: &hasher)
            WireKey.hash(alias, into: &hasher)
        }
    }

    /// A notification as a device got it: what `search_notifications` lists and `open_notification` updates.
    struct Received: Sendable {
        let notificationID: String
        let deliveryID: String
        /// Deleted from the device's inbox: `search_notifications` no longer lists it.
        var hidden = false
    }

    struct DeviceRecord: Sendable {
        var device: TwinPush.Device
        /// Oldest first.
        var received: [Received] = []
    }

    /// Apps declared up front or since, by id; non-empty makes TwinPush strict about apps and tokens.
    private(set) var declaredApps: [WireKey: TwinPushApp] = [:]
    /// The declared app ids in the order they were declared.
    private(set) var declaredAppOrder: [String] = []
    private(set) var autoProvisionedApps: [String] = []
    private var provisioned: Set<WireKey> = []
    /// Devices are never removed, so an index into `records` stays valid.
    var records: [DeviceRecord] = []
    private(set) var indexByID: [WireKey: Int] = [:]
    private(set) var indexByKey: [DeviceKey: Int] = [:]
    private(set) var indexesByApp: [WireKey: [Int]] = [:]
    private(set) var indexesByAlias: [AliasKey: [Int]] = [:]
    var notifications: [WireKey: TwinPushNotificationRecord] = [:]
    /// Notification ids per app, in creation order.
    var notificationOrder: [WireKey: [String]] = [:]
    /// Alias inboxes, oldest item first.
    var inboxes: [AliasKey: [TwinPush.InboxItem]] = [:]
    /// Scheduled notification ids, ordered by `send_since` (ties: creation order).
    var scheduled: [String] = []
    /// The ``TwinPushNotificationRecord/serial`` of the next notification.
    var nextSerial = 0

    init(configuration: PushFakeConfiguration) {
        // As before: a later entry with the same id replaces the earlier one's tokens.
        for app in configuration.twinPushApps {
            if declaredApps.updateValue(app, forKey: app.id) == nil { declaredAppOrder.append(app.id) }
        }
    }

    /// Declares an app; `false` when its id is declared already with other tokens (nothing changes then).
    mutating func declare(_ app: TwinPushApp) -> Bool {
        if let known = declaredApps[app.id] { return known == app }
        declaredApps[app.id] = app
        declaredAppOrder.append(app.id)
        return true
    }

    var isStrict: Bool { !declaredApps.isEmpty }

    /// The app ids in use: the declared ones, else those auto-provisioned so far (in first-use order).
    var appsInUse: [String] { isStrict ? declaredAppOrder : autoProvisionedApps }

    /// Whether the app id is usable; records auto-provisioning on first use when nothing is declared
    /// (FakeBehaviour.md, Common).
    mutating func admit(_ app: String, notes: inout [String]) -> Bool {
        if isStrict { return declaredApps[app] != nil }
        // Most traffic is for the app used last: no hashing for it (this runs on every call).
        if let last = autoProvisionedApps.last, last.hasSameBytes(as: app) { return true }
        if provisioned.insert(app).inserted {
            autoProvisionedApps.append(app)
            notes.append("TwinPush app \(app) auto-provisioned")
        }
        return true
    }

    // MARK: Devices

    func deviceIndex(id: String) -> Int? {
        indexByID[id]
    }

    /// The device's index when it exists and belongs to `app`.
    func deviceIndex(id: String, app: String) -> Int? {
        guard let index = indexByID[id], records[index].device.appID.hasSameBytes(as: app) else { return nil }
        return index
    }

    func deviceIndex(_ key: DeviceKey) -> Int? {
        indexByKey[key]
    }

    func deviceIndexes(app: String) -> [Int] {
        indexesByApp[app] ?? []
    }

    func deviceIndexes(alias: String, app: String) -> [Int] {
        indexesByAlias[AliasKey(app: app, alias: alias)] ?? []
    }

    /// Adds a new device (with no alias yet) and returns its index.
    mutating func insert(_ device: TwinPush.Device) -> Int {
        let index = records.count
        records.append(DeviceRecord(device: device))
        indexByID[device.id] = index
        indexByKey[DeviceKey(app: device.appID, udid: device.udid, platform: device.platform)] = index
        indexesByApp[device.appID, default: []].append(index)
        return index
    }

    /// Moves a device to a new (`udid`, `platform`) key; `false` when another device holds it.
    mutating func rekey(_ index: Int, udid: String, platform: String) -> Bool {
        let device = records[index].device
        let newKey = DeviceKey(app: device.appID, udid: udid, platform: platform)
        if let holder = indexByKey[newKey] { return holder == index }
        indexByKey[DeviceKey(app: device.appID, udid: device.udid, platform: device.platform)] = nil
        indexByKey[newKey] = index
        records[index].device.udid = udid
        records[index].device.platform = platform
        return true
    }

    /// Sets or clears a device's alias, keeping the alias index current.
    mutating func setAlias(_ index: Int, to alias: String?) {
        let device = records[index].device
        guard !String.sameBytes(device.alias, alias) else { return }
        if let old = device.alias {
            let key = AliasKey(app: device.appID, alias: old)
            indexesByAlias[key]?.removeAll { $0 == index }
            if indexesByAlias[key]?.isEmpty == true { indexesByAlias[key] = nil }
        }
        if let alias {
            // In registration order, whenever each device took the alias: what an alias target reaches first is
            // then a property of the devices alone, as a state document lists them (StateFormat.md).
            let key = AliasKey(app: device.appID, alias: alias)
            let position = indexesByAlias[key]?.firstIndex { $0 > index } ?? indexesByAlias[key]?.count ?? 0
            indexesByAlias[key, default: []].insert(index, at: position)
        }
        records[index].device.alias = alias
    }

    /// Counts an app as auto-provisioned (state documents), once.
    mutating func markProvisioned(_ app: String) {
        if provisioned.insert(app).inserted { autoProvisionedApps.append(app) }
    }
}

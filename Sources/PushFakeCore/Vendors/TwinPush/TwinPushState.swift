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

    /// Apps declared up front or since, by id; non-empty makes TwinPush strict about apps and tokens.
    private(set) var declaredApps: [WireKey: TwinPushApp] = [:]
    /// The declared app ids in the order they were declared.
    private(set) var declaredAppOrder: [String] = []
    private(set) var autoProvisionedApps: [String] = []
    private var provisioned: Set<WireKey> = []
    /// Devices are never removed, so an index into `records` stays valid.
    var records: [DeviceRecord] = []
    /// The devices' own strings (`udid`, push token, alias): one entry a device, by ``TextSlot``.
    var texts = TextPool(slots: 3)
    /// The apps, platforms and text fields of the devices, each distinct value once.
    var strings = InternedStrings(kinds: InternKind.count)
    /// Positions in `records` by device id, and by (app, `udid`, `platform`): the keys stay in the records.
    private var indexByID = RecordIndex()
    private var indexByKey = RecordIndex()
    private(set) var indexesByApp: [WireKey: [Int]] = [:]
    /// The first device (lowest index) with each (app, alias), and after each device the next one with its alias:
    /// a chain in index order, 4 bytes a device instead of a dictionary entry and an array per alias.
    private var aliasHeads = RecordIndex()
    private var nextWithAlias = PositionChains()
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
        indexByID.find(hash: Self.hash(id: id)) { records[$0].id.hasSameBytes(as: id) }
    }

    /// The device's index when it exists and belongs to `app`.
    func deviceIndex(id: String, app: String) -> Int? {
        guard let index = deviceIndex(id: id), strings.matches(records[index].app, app) else { return nil }
        return index
    }

    func deviceIndex(_ key: DeviceKey) -> Int? {
        indexByKey.find(hash: key.hashValue) { index in
            texts.hasSameBytes(records[index].texts, TextSlot.udid, as: key.udid)
                && strings.matches(records[index].platform, key.platform)
                && strings.matches(records[index].app, key.app)
        }
    }

    private static func hash(id: String) -> Int {
        var hasher = Hasher()
        WireKey.hash(id, into: &hasher)
        return hasher.finalize()
    }

    /// The records with the tables their strings live in, shared (not copied), so that an index can hash any stored
    /// record while it changes.
    private struct StoredRecords {
        let records: [DeviceRecord]
        let strings: InternedStrings
        let texts: TextPool

        func idHash(_ index: Int) -> Int {
            TwinPushState.hash(id: records[index].id)
        }

        func key(_ index: Int) -> DeviceKey {
            DeviceKey(
                app: strings[records[index].app] ?? "", udid: texts.string(records[index].texts, TextSlot.udid) ?? "",
                platform: strings[records[index].platform] ?? "")
        }

        func aliasHash(_ index: Int) -> Int {
            let alias = texts.string(records[index].texts, TextSlot.alias) ?? ""
            return AliasKey(app: strings[records[index].app] ?? "", alias: alias).hashValue
        }
    }

    private var stored: StoredRecords { StoredRecords(records: records, strings: strings, texts: texts) }

    func deviceIndexes(app: String) -> [Int] {
        indexesByApp[app] ?? []
    }

    func deviceIndexes(alias: String, app: String) -> [Int] {
        guard var index = aliasHead(AliasKey(app: app, alias: alias)) else { return [] }
        var indexes = [index]
        while let next = nextWithAlias.next(index) {
            index = next
            indexes.append(index)
        }
        return indexes
    }

    private func aliasHead(_ key: AliasKey) -> Int? {
        aliasHeads.find(hash: key.hashValue) { index in
            texts.hasSameBytes(records[index].texts, TextSlot.alias, as: key.alias)
                && strings.matches(records[index].app, key.app)
        }
    }

    /// Adds a new device and returns its index; its alias, if any, joins the alias index.
    mutating func insert(_ device: TwinPush.Device) -> Int {
        insert(record(of: device), id: device.id, key: Self.key(of: device), alias: device.alias)
    }

    /// Adds a new device registered now, with these strings, and returns its index.
    mutating func insert(
        id: String, key: DeviceKey, pushToken: String?, alias: String?, now: Date
    ) -> Int {
        let record = DeviceRecord(
            id: id, texts: texts.add(key.udid, pushToken, alias),
            app: strings.number(of: key.app, kind: InternKind.app),
            platform: strings.number(of: key.platform, kind: InternKind.platform), now: now)
        return insert(record, id: id, key: key, alias: alias)
    }

    private mutating func insert(_ record: DeviceRecord, id: String, key: DeviceKey, alias: String?) -> Int {
        let index = records.count
        records.append(record)
        let stored = stored  // read while the indexes change
        indexByID.insert(index, hash: Self.hash(id: id)) { stored.idHash($0) }
        indexByKey.insert(index, hash: key.hashValue) { stored.key($0).hashValue }
        indexesByApp[key.app, default: []].append(index)
        nextWithAlias.append()
        if let alias { linkAlias(index, key: AliasKey(app: key.app, alias: alias)) }
        return index
    }

    private static func key(of device: TwinPush.Device) -> DeviceKey {
        DeviceKey(app: device.appID, udid: device.udid, platform: device.platform)
    }

    /// Moves a device to a new (`udid`, `platform`) key; `false` when another device holds it.
    mutating func rekey(_ index: Int, udid: String, platform: String) -> Bool {
        let oldKey = stored.key(index)
        let newKey = DeviceKey(app: oldKey.app, udid: udid, platform: platform)
        if let holder = deviceIndex(newKey) { return holder == index }
        indexByKey.remove(index, hash: oldKey.hashValue)
        setText(index, TextSlot.udid, to: udid)
        records[index].platform = strings.number(of: platform, kind: InternKind.platform)
        let stored = stored  // read while the index changes
        indexByKey.insert(index, hash: newKey.hashValue) { stored.key($0).hashValue }
        return true
    }

    /// Sets or clears a device's alias, keeping the alias index current.
    mutating func setAlias(_ index: Int, to alias: String?) {
        guard !texts.hasSameBytes(records[index].texts, TextSlot.alias, asOptional: alias) else { return }
        let app = appID(index)
        if let old = self.alias(index) { unlinkAlias(index, key: AliasKey(app: app, alias: old)) }
        setText(index, TextSlot.alias, to: alias)
        // In registration order, whenever each device took the alias: what an alias target reaches first is
        // then a property of the devices alone, as a state document lists them (StateFormat.md).
        if let alias { linkAlias(index, key: AliasKey(app: app, alias: alias)) }
    }

    /// Takes `index` out of its alias chain; the record still has the alias `key` names.
    private mutating func unlinkAlias(_ index: Int, key: AliasKey) {
        guard let head = aliasHead(key) else { return }
        let next = nextWithAlias.next(index)
        nextWithAlias.setNext(index, to: nil)
        if head == index {
            aliasHeads.remove(index, hash: key.hashValue)
            if let next {
                let stored = stored  // read while the index changes
                aliasHeads.insert(next, hash: key.hashValue) { stored.aliasHash($0) }
            }
            return
        }
        var previous = head
        while let following = nextWithAlias.next(previous), following != index { previous = following }
        if nextWithAlias.next(previous) == index { nextWithAlias.setNext(previous, to: next) }
    }

    /// Puts `index`, whose record already has the alias `key` names, into that alias's chain in index order.
    private mutating func linkAlias(_ index: Int, key: AliasKey) {
        guard let head = aliasHead(key) else {
            let stored = stored  // read while the index changes
            aliasHeads.insert(index, hash: key.hashValue) { stored.aliasHash($0) }
            return
        }
        if index < head {
            nextWithAlias.setNext(index, to: head)
            aliasHeads.remove(head, hash: key.hashValue)
            let stored = stored  // read while the index changes
            aliasHeads.insert(index, hash: key.hashValue) { stored.aliasHash($0) }
            return
        }
        var previous = head
        while let following = nextWithAlias.next(previous), following < index { previous = following }
        nextWithAlias.setNext(index, to: nextWithAlias.next(previous))
        nextWithAlias.setNext(previous, to: index)
    }

    /// Counts an app as auto-provisioned (state documents), once.
    mutating func markProvisioned(_ app: String) {
        if provisioned.insert(app).inserted { autoProvisionedApps.append(app) }
    }
}

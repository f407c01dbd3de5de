import Foundation

extension TwinPushState {
    /// An alias inbox, oldest item first.
    func inbox(alias: String, app: String) -> [TwinPush.InboxItem] {
        inboxes[AliasKey(app: app, alias: alias)] ?? []
    }

    /// Where a notification sits in an alias inbox (searched from the newest end).
    func inboxPosition(alias: String, app: String, notification id: String) -> Int? {
        inboxes[AliasKey(app: app, alias: alias)]?.lastIndex { $0.notificationID.hasSameBytes(as: id) }
    }

    mutating func updateInboxItem(
        alias: String, app: String, at position: Int, _ change: (inout TwinPush.InboxItem) -> Void
    ) {
        let key = AliasKey(app: app, alias: alias)
        guard inboxes[key]?.indices.contains(position) == true else { return }
        change(&inboxes[key, default: []][position])
    }

    /// Puts a notification in an alias inbox once.
    mutating func addToInbox(_ item: TwinPush.InboxItem) {
        addToInboxes([item])
    }

    /// Puts a notification in each item's alias inbox once: a broadcast's items, which all name one notification,
    /// hash each alias once (looked up and appended in one access) and the notification once.
    mutating func addToInboxes(_ items: [TwinPush.InboxItem]) {
        guard let first = items.first else { return }
        inboxes.reserveCapacity(inboxes.count + items.count)
        var added: [String] = []
        for item in items where inboxes[AliasKey(app: item.appID, alias: item.alias), default: []].appendOnce(item) {
            if item.notificationID.hasSameBytes(as: first.notificationID) {
                added.append(item.alias)
            } else {
                notifications[item.notificationID]?.inboxAliases.append(item.alias)
            }
        }
        notifications[first.notificationID]?.inboxAliases += added
    }

    /// Takes a notification out of one alias inbox; `false` when it was not there.
    mutating func removeFromInbox(alias: String, app: String, notification id: String) -> Bool {
        guard let position = inboxPosition(alias: alias, app: app, notification: id) else { return false }
        let key = AliasKey(app: app, alias: alias)
        inboxes[key]?.remove(at: position)
        if inboxes[key]?.isEmpty == true { inboxes[key] = nil }
        notifications[id]?.inboxAliases.removeAll { $0.hasSameBytes(as: alias) }
        return true
    }

    /// Records a new notification; scheduled ones join the release queue in `send_since` order.
    mutating func add(_ record: TwinPushNotificationRecord) {
        var record = record
        record.serial = nextSerial
        nextSerial += 1
        let notification = record.notification
        notifications[notification.id] = record
        notificationOrder[notification.appID, default: []].append(notification.id)
        guard notification.status == .scheduled else { return }
        let position =
            scheduled.firstIndex {
                (notifications[$0]?.notification.sendSince ?? .distantPast) > notification.sendSince
            }
            ?? scheduled.count
        scheduled.insert(notification.id, at: position)
    }

    /// What deleting a notification took away, for the journal.
    struct Removal: Equatable {
        /// The aliases whose inbox held it.
        var inboxAliases: [String] = []
        /// It was scheduled (`send_since` ahead of the clock): its send will not happen.
        var cancelledSchedule = false
    }

    /// Forgets a notification: out of the system, every alias inbox and the release queue (TwinPushWireProtocol.md §9).
    /// Its deliveries stay in the delivery log as history; devices' searches skip it from now on. `nil` when there
    /// was no such notification.
    @discardableResult
    mutating func remove(notification id: String) -> Removal? {
        guard let record = notifications.removeValue(forKey: id) else { return nil }
        let app = record.notification.appID
        var removal = Removal(inboxAliases: record.inboxAliases)
        for alias in record.inboxAliases {
            let key = AliasKey(app: app, alias: alias)
            inboxes[key]?.removeAll { $0.notificationID.hasSameBytes(as: id) }
            if inboxes[key]?.isEmpty == true { inboxes[key] = nil }
        }
        notificationOrder[app]?.removeAll { $0.hasSameBytes(as: id) }
        if let position = scheduled.firstIndex(where: { $0.hasSameBytes(as: id) }) {
            scheduled.remove(at: position)
            removal.cancelledSchedule = true
        }
        return removal
    }
}

extension Array where Element == TwinPush.InboxItem {
    /// Appends `item` unless the inbox holds its notification already (searched from the newest end); whether it did.
    fileprivate mutating func appendOnce(_ item: TwinPush.InboxItem) -> Bool {
        guard lastIndex(where: { $0.notificationID.hasSameBytes(as: item.notificationID) }) == nil else { return false }
        append(item)
        return true
    }
}

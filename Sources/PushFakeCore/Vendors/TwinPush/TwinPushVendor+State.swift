/// TwinPush in state documents (StateFormat.md, "TwinPush"): `{"autoProvisionedApps", "devices", "notifications",
/// "inbox"}`. Devices in registration order, notifications in creation order (which rebuilds the `send_since`
/// queue), inbox items by app and alias, oldest first.
extension TwinPushVendor {
    func snapshot(_ state: TwinPushState) -> JSON? {
        let notifications = state.notifications.values.sorted { $0.serial < $1.serial }
        // By bytes: two aliases that are only canonically equivalent are two inboxes, in a fixed order.
        let inboxKeys = state.inboxes.keys.sorted { left, right in
            left.app.hasSameBytes(as: right.app)
                ? left.alias.utf8.lexicographicallyPrecedes(right.alias.utf8)
                : left.app.utf8.lexicographicallyPrecedes(right.app.utf8)
        }
        let items: [JSON] = inboxKeys.flatMap { key in
            (state.inboxes[key] ?? []).map(TwinPushStateCodec.inboxItem)
        }
        return [
            "autoProvisionedApps": .array(state.autoProvisionedApps.map(JSON.string)),
            "devices": .array(state.records.indices.map { TwinPushStateCodec.device(state, $0) }),
            "notifications": .array(notifications.map(TwinPushStateCodec.notification)),
            "inbox": .array(items),
        ]
    }

    func restore(_ json: JSON, into state: inout TwinPushState, services: inout VendorServices) throws(JSONFieldError) {
        let fields = try JSONFields(
            json, path: "", allowed: ["autoProvisionedApps", "devices", "notifications", "inbox"])
        for app in try fields.strings("autoProvisionedApps") ?? [] { state.markProvisioned(app) }
        // The ids the section gives first, so that an id it leaves out never repeats one given further down.
        for key in ["devices", "notifications", "inbox"] {
            for item in fields.value(key)?.arrayValue ?? [] {
                if let id = item["id"]?.stringValue { services.reserveID(id) }
            }
        }
        let sections: [(String, (JSON, inout TwinPushState, inout VendorServices) throws(JSONFieldError) -> Void)] = [
            ("devices", TwinPushStateCodec.restoreDevice), ("notifications", TwinPushStateCodec.restoreNotification),
            ("inbox", TwinPushStateCodec.restoreInboxItem),
        ]
        for (key, restore) in sections {
            for (index, item) in (try fields.array(key) ?? []).enumerated() {
                do throws(JSONFieldError) {
                    try restore(item, &state, &services)
                } catch {
                    throw error.inside("\(key)[\(index)]")
                }
            }
        }
    }
}

extension TwinPushStateCodec {
    static func inboxItem(_ item: TwinPush.InboxItem) -> JSON {
        [
            "id": .string(item.id), "app_id": .string(item.appID), "alias": .string(item.alias),
            "notification": .string(item.notificationID), "created_at": date(item.createdAt),
            "received_at": date(item.receivedAt), "open_at": date(item.openedAt),
            "override_key": string(item.overrideKey),
        ]
    }

    /// Adds an alias inbox item; its notification must be one of the app's, once per alias. `id` may be left out
    /// (a new id), `created_at` is then the clock.
    static func restoreInboxItem(
        _ json: JSON, into state: inout TwinPushState, services: inout VendorServices
    ) throws(JSONFieldError) {
        let fields = try JSONFields(
            json, path: "",
            allowed: ["id", "app_id", "alias", "notification", "created_at", "received_at", "open_at", "override_key"])
        let app = try fields.requiredString("app_id")
        let alias = try fields.requiredString("alias")
        let notification = try fields.requiredString("notification")
        guard let record = state.notifications[notification], record.notification.appID.hasSameBytes(as: app) else {
            throw fields.failure(
                "notification", "\(notification) is not a notification of app \(app) in the document (notifications)")
        }
        guard state.inboxPosition(alias: alias, app: app, notification: notification) == nil else {
            throw fields.failure("notification", "\(notification) is in the inbox of \(alias) twice")
        }
        let overrideKey = try fields.string("override_key")
        if let overrideKey, record.overrides[overrideKey] == nil {
            throw fields.failure("override_key", "\(overrideKey) is not a multiple_* target of \(notification)")
        }
        let id: String
        if let given = try fields.string("id") {
            services.reserveID(given)
            id = given
        } else {
            id = services.nextID(.twinPushInboxItem)
        }
        var item = TwinPush.InboxItem(
            id: id, appID: app, alias: alias, notificationID: notification,
            createdAt: try fields.date("created_at") ?? services.now, overrideKey: overrideKey)
        item.receivedAt = try fields.date("received_at")
        item.openedAt = try fields.date("open_at")
        state.addToInbox(item)
    }
}

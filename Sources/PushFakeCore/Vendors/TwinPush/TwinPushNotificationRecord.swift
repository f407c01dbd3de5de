import Foundation

/// The fields a `multiple_devices` / `multiple_alias` entry may override for its target (TwinPushWireProtocol.md §9).
struct TwinPushOverride: Sendable, Equatable {
    var alert: String?
    var title: String?
    var url: String?
    var badge: TwinPushBadge?
    /// Merged over the notification's properties, the target's value winning on a collision (DOCS).
    var customProperties: JSONObject?
}

/// What one target sees of a notification: its content fields with any per-target override applied.
struct TwinPushContent: Sendable, Equatable {
    var alert: String
    var title: String?
    var url: String?
    var badge: TwinPushBadge?
    var customProperties: JSONObject
    var tags: [String]

    func applying(_ override: TwinPushOverride?) -> TwinPushContent {
        guard let override else { return self }
        var content = self
        if let alert = override.alert { content.alert = alert }
        if let title = override.title { content.title = title }
        if let url = override.url { content.url = url }
        if let badge = override.badge { content.badge = badge }
        for member in override.customProperties?.members ?? [] {
            content.customProperties[member.key] = member.value
        }
        return content
    }

    /// The REST and Android `tags`: as sent, plus `tp_rich` when a rich URL is set (TwinPushWireProtocol.md §6.2).
    var restTags: [String] {
        url == nil || tags.containsBytes(of: "tp_rich") ? tags : tags + ["tp_rich"]
    }
}

/// A notification with what the handler needs beyond its public value.
struct TwinPushNotificationRecord: Sendable {
    var notification: TwinPush.Notification
    /// Per-target overrides by device id (`multiple_devices`) or alias (`multiple_alias`).
    var overrides: [WireKey: TwinPushOverride]
    /// The badge modifier of the notification itself (`nil`: badges are left alone).
    var badge: TwinPushBadge?
    /// Aliases whose inbox holds the notification.
    var inboxAliases: [String] = []
    /// Creation order across apps (``TwinPushState/add(_:)`` numbers records): the order state documents list
    /// notifications in, so that loading them rebuilds the `send_since` queue with its ties.
    var serial = 0

    var baseContent: TwinPushContent {
        TwinPushContent(
            alert: notification.alert, title: notification.title, url: notification.url, badge: badge,
            customProperties: notification.customProperties, tags: notification.tags)
    }

    /// The content under an override key (a device id or an alias), or the base content.
    func content(forKey key: String?) -> TwinPushContent {
        baseContent.applying(key.flatMap { overrides[$0] })
    }

    /// The content one device sees: its own `multiple_devices` entry, else its alias's `multiple_alias` entry.
    func content(forDevice device: TwinPush.Device) -> TwinPushContent {
        content(forKey: overrideKey(forDevice: device.id, alias: device.alias))
    }

    func overrideKey(forDevice id: String, alias: String?) -> String? {
        guard !overrides.isEmpty else { return nil }
        switch notification.target {
        case .multipleDevices: return overrides[id] == nil ? nil : id
        case .multipleAlias: return alias.flatMap { overrides[$0] == nil ? nil : $0 }
        default: return nil
        }
    }
}

import Foundation

/// The JSON shapes TwinPush answers with (TwinPushWireProtocol.md §4.1, §6; FakeBehaviour.md, TwinPush).
enum TwinPushWire {
    static func date(_ date: Date) -> JSON {
        .string(TimeFormat.twinPush(date))
    }

    static func date(_ date: Date?) -> JSON {
        date.map { .string(TimeFormat.twinPush($0)) } ?? .null
    }

    /// One of the fake's ids as the DOCS show delivery ids: a number (ids from a state document that are not
    /// decimal integers stay strings).
    static func numericID(_ id: String) -> JSON {
        Int(id).map(JSON.int) ?? .string(id)
    }

    static func string(_ value: String?) -> JSON {
        value.map(JSON.string) ?? .null
    }

    /// A Device object (§6.1). Dates are always strings; optional text fields are `null` when unset, as in the
    /// DOCS examples (`push_token: null`); `custom_properties` is an array of `{"name","type","value"}`.
    static func device(_ device: TwinPush.Device) -> JSON {
        let properties: [JSON] = device.customProperties.map { property in
            ["name": .string(property.name), "type": .string(property.type.rawValue), "value": property.value]
        }
        return [
            "id": .string(device.id), "push_token": string(device.pushToken), "alias_device": string(device.alias),
            "platform": .string(device.platform), "created_at": date(device.createdAt),
            "updated_at": date(device.updatedAt), "last_registered_at": date(device.lastRegisteredAt),
            "registration_updated_at": date(device.registrationUpdatedAt), "app_id": .string(device.appID),
            "language": string(device.language), "device_code": string(device.deviceCode),
            "device_model": string(device.deviceModel), "device_manufacturer": string(device.deviceManufacturer),
            "app_version": string(device.appVersion), "sdk_version": string(device.sdkVersion),
            "os_version": string(device.osVersion), "active": .bool(device.isActive),
            "custom_properties": .array(properties), "type": "Device",
        ]
    }

    /// A Notification object (§6.2) as one target sees it. `alert`, `title` and `last_sent_at` are never `null`
    /// (§10.6); `custom_properties` values are strings because Android casts each to `String` (FakeBehaviour.md).
    ///
    /// `forBackend`: the object answers a creator or backend call, not a device. The `alert` and `title` of a
    /// notification with `protected_content` are then hidden (DOCS: only the targeted devices see them), written as
    /// `""` (*fake-specific* form).
    static func notification(
        _ notification: TwinPush.Notification, content: TwinPushContent, forBackend: Bool = false
    ) -> JSON {
        let hidden = forBackend && notification.protectedContent
        return [
            "id": .string(notification.id), "name": string(notification.name), "sound": string(notification.sound),
            "alert": .string(hidden ? "" : content.alert), "title": .string(hidden ? "" : content.title ?? ""),
            "badge": string(content.badge?.text), "custom_properties": .object(stringValued(content.customProperties)),
            "tp_rich_url": string(content.url), "delivery_speed": .string(notification.deliverySpeed),
            "group_name": string(notification.groupName), "protected_content": .bool(notification.protectedContent),
            "send_since": date(notification.sendSince),
            "last_sent_at": date(notification.lastSentAt ?? notification.sendSince),
            "tags": .array(content.restTags.map(JSON.string)), "type": "Notification",
        ]
    }

    /// An alias inbox item (§5.11): `open_at` / `received_at` stay `null` until it is opened / received, because
    /// iOS treats any `open_at` string as "opened".
    static func inboxItem(_ item: TwinPush.InboxItem, notification: JSON) -> JSON {
        [
            "id": .string(item.id), "created_at": date(item.createdAt), "received_at": date(item.receivedAt),
            "open_at": date(item.openedAt), "notification": notification,
        ]
    }

    /// Notification detail (§5.13): the bare object **plus** `objects: [same]`, for iOS (bare) and Android
    /// (`objects[0]`) at once (FakeBehaviour.md, TwinPush).
    static func detail(_ notification: JSON) -> JSON {
        guard case .object(var object) = notification else { return notification }
        object["objects"] = [notification]
        return .object(object)
    }

    /// A notification report (§9): status, the delivery / received / opening counts, delivery errors, and the
    /// notification object (its protected content hidden unless `forBackend` is `false`). The admin API shows the
    /// same report, content shown, from ``TwinPush/Notification/wire``; tests hold the two together.
    static func report(_ record: TwinPushNotificationRecord, forBackend: Bool = true) -> JSON {
        let notification = record.notification
        let errors: [JSON] = notification.errors.map { error in
            [
                "platform": .string(error.platform), "level": .string(error.level), "key": .string(error.key),
                "message": .string(error.message), "created_at": date(error.createdAt),
            ]
        }
        return [
            "status": .string(notification.status.rawValue), "delivery_count": .int(notification.deliveryCount),
            "received_count": .int(notification.receivedCount), "opening_count": .int(notification.openingCount),
            "errors": .array(errors),
            "notification": self.notification(notification, content: record.baseContent, forBackend: forBackend),
        ]
    }

    /// `{"objects":[…],"references":[]}` (§4.1).
    static func objects(_ objects: [JSON]) -> JSON {
        ["objects": .array(objects), "references": []]
    }

    /// Custom property values as strings: numbers as their JSON text, booleans as `true` / `false`.
    static func stringValued(_ object: JSONObject) -> JSONObject {
        JSONObject(object.members.map { JSONObject.Member(key: $0.key, value: .string($0.value.plainText)) })
    }
}

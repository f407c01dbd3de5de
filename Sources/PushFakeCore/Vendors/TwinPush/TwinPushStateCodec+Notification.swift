import Foundation

extension TwinPushStateCodec {
    static let notificationKeys =
        [
            "id", "app_id", "name", "alert", "title", "url", "sound", "badge", "custom_properties", "tags",
            "group_name",
            "delivery_speed", "inbox", "protected_content", "mutable_content", "created_at", "send_since", "status",
            "last_sent_at", "delivery_count", "received_count", "opening_count", "errors",
        ] + TwinPush.targetKeys

    /// A notification as the create call takes it (content and the one target, overrides included), plus the
    /// fake's own record of it.
    static func notification(_ record: TwinPushNotificationRecord) -> JSON {
        let notification = record.notification
        var object: JSONObject = [
            "id": .string(notification.id), "app_id": .string(notification.appID), "name": string(notification.name),
            "alert": .string(notification.alert), "title": string(notification.title), "url": string(notification.url),
            "sound": string(notification.sound), "badge": string(notification.badge),
            "custom_properties": .object(notification.customProperties),
            "tags": .array(notification.tags.map(JSON.string)), "group_name": string(notification.groupName),
            "delivery_speed": .string(notification.deliverySpeed), "inbox": .bool(notification.inbox),
            "protected_content": .bool(notification.protectedContent),
            "mutable_content": .bool(notification.mutableContent),
        ]
        for member in target(notification.target, overrides: record.overrides).members {
            object[member.key] = member.value
        }
        let errors: [JSON] = notification.errors.map {
            [
                "platform": .string($0.platform), "level": .string($0.level), "key": .string($0.key),
                "message": .string($0.message), "created_at": date($0.createdAt), "device_id": .string($0.deviceID),
            ]
        }
        object["created_at"] = date(notification.createdAt)
        object["send_since"] = date(notification.sendSince)
        object["status"] = .string(notification.status.rawValue)
        object["last_sent_at"] = date(notification.lastSentAt)
        object["delivery_count"] = .int(notification.deliveryCount)
        object["received_count"] = .int(notification.receivedCount)
        object["opening_count"] = .int(notification.openingCount)
        object["errors"] = .array(errors)
        return .object(object)
    }

    /// The target in the create call's form.
    private static func target(
        _ target: TwinPush.Notification.Target, overrides: [WireKey: TwinPushOverride]
    ) -> JSONObject {
        func names(_ list: [String]) -> JSON { .array(list.map(JSON.string)) }
        func overridden(_ keys: [String]) -> JSON {
            .object(JSONObject(keys.map { JSONObject.Member(key: $0, value: override(overrides[$0])) }))
        }
        switch target {
        case .broadcast: return ["broadcast": true]
        case .devicesIDs(let ids): return ["devices_ids": names(ids)]
        case .devicesAliases(let aliases): return ["devices_aliases": names(aliases)]
        case .segments(let segments): return ["segments": names(segments)]
        case .targetProperties(let filters, let segments):
            var object: JSONObject = [
                "target_properties": .object(
                    JSONObject(filters.map { JSONObject.Member(key: $0.name, value: names($0.values)) }))
            ]
            if !segments.isEmpty { object["segments"] = names(segments) }
            return object
        case .multipleDevices(let ids): return ["multiple_devices": overridden(ids)]
        case .multipleAlias(let aliases): return ["multiple_alias": overridden(aliases)]
        }
    }

    private static func override(_ override: TwinPushOverride?) -> JSON {
        var object = JSONObject()
        if let alert = override?.alert { object["alert"] = .string(alert) }
        if let title = override?.title { object["title"] = .string(title) }
        if let url = override?.url { object["url"] = .string(url) }
        if let badge = override?.badge { object["badge"] = .string(badge.text) }
        if let properties = override?.customProperties { object["custom_properties"] = .object(properties) }
        return .object(object)
    }

    /// Adds a notification: the create call's rules for content and target, then the record. `id` may be left out
    /// (a new id), `created_at` is the clock, `send_since` `created_at`, `status` `scheduled` when `send_since` is
    /// ahead of the clock, else `sent` (with `last_sent_at` `send_since`), counts 0.
    static func restoreNotification(
        _ json: JSON, into state: inout TwinPushState, services: inout VendorServices
    ) throws(JSONFieldError) {
        let fields = try JSONFields(json, path: "", allowed: notificationKeys)
        let app = try fields.requiredString("app_id")
        let body = fields.object
        let target: TwinPush.Notification.Target
        let overrides: [WireKey: TwinPushOverride]
        var badge: TwinPushBadge? = .add(1)
        let alert: String
        let customProperties: JSONObject
        do throws(TwinPushFailure) {
            (target, overrides) = try TwinPushHandler.parseTarget(body)
            let everyTargetHasAlert = !overrides.isEmpty && overrides.values.allSatisfy { $0.alert != nil }
            // As the create call: required unless every `multiple_*` entry brings its own.
            alert = try TwinPushHandler.optionalString(body, "alert") ?? ""
            if !everyTargetHasAlert, alert.isEmpty { throw TwinPushHandler.invalid("alert is required") }
            try TwinPushHandler.checkAlertLength(alert, name: "alert")
            customProperties = try TwinPushHandler.parseCustomProperties(
                body["custom_properties"], name: "custom_properties", field: TwinPushFields.customProperty)
            if let value = body["badge"] {
                if value.isNull || value.stringValue == "" {
                    badge = nil
                } else {
                    guard let parsed = TwinPushBadge(value) else {
                        throw TwinPushHandler.invalid("badge must be \(TwinPushBadge.expected) (got \(value))")
                    }
                    badge = parsed
                }
            }
        } catch {
            throw JSONFieldError(description: error.message)
        }
        let id: String
        if let given = try fields.string("id") {
            guard state.notifications[given] == nil else { throw fields.failure("id", "\(given) is given twice") }
            services.reserveID(given)
            id = given
        } else {
            id = services.nextID(.twinPushNotification)
        }
        let speed = try fields.string("delivery_speed") ?? "normal"
        guard TwinPush.deliverySpeeds.contains(speed) else {
            throw fields.failure(
                "delivery_speed", "must be \(JSONFields.list(TwinPush.deliverySpeeds)), not \"\(speed)\"")
        }
        let createdAt = try fields.date("created_at") ?? services.now
        let sendSince = try fields.date("send_since") ?? createdAt
        let status: TwinPush.Notification.Status
        switch try fields.string("status") {
        case nil: status = sendSince > services.now ? .scheduled : .sent
        case "scheduled"?: status = .scheduled
        case "sent"?: status = .sent
        case let other?: throw fields.failure("status", "must be scheduled or sent, not \"\(other)\"")
        }
        let counts = 0...FaultRule.counterRange.upperBound
        let notification = TwinPush.Notification(
            id: id, appID: app, name: try fields.string("name", nonEmpty: false).flatMap { $0.isEmpty ? nil : $0 },
            alert: alert,
            title: try fields.string("title", nonEmpty: false).flatMap { $0.isEmpty ? nil : $0 },
            url: try fields.string("url", nonEmpty: false).flatMap { $0.isEmpty ? nil : $0 },
            sound: try fields.string("sound", nonEmpty: false).flatMap { $0.isEmpty ? nil : $0 },
            badge: badge?.text, customProperties: customProperties, tags: try fields.strings("tags") ?? [],
            groupName: try fields.string("group_name", nonEmpty: false).flatMap { $0.isEmpty ? nil : $0 },
            deliverySpeed: speed, inbox: try fields.bool("inbox") ?? false,
            protectedContent: try fields.bool("protected_content") ?? false,
            mutableContent: try fields.bool("mutable_content") ?? false, target: target, createdAt: createdAt,
            sendSince: sendSince, status: status,
            lastSentAt: try fields.date("last_sent_at") ?? (status == .sent ? sendSince : nil),
            deliveryCount: try fields.int("delivery_count", in: counts) ?? 0,
            receivedCount: try fields.int("received_count", in: counts) ?? 0,
            openingCount: try fields.int("opening_count", in: counts) ?? 0, errors: try errors(fields))
        state.add(TwinPushNotificationRecord(notification: notification, overrides: overrides, badge: badge))
        if state.declaredApps[app] == nil { state.markProvisioned(app) }
    }

    private static func errors(_ fields: JSONFields) throws(JSONFieldError) -> [TwinPush.Notification.ReportError] {
        var result: [TwinPush.Notification.ReportError] = []
        for (index, item) in (try fields.array("errors") ?? []).enumerated() {
            let error = try JSONFields(
                item, path: fields.childPath("errors[\(index)]"),
                allowed: ["platform", "level", "key", "message", "created_at", "device_id"])
            guard let createdAt = try error.date("created_at") else { throw error.failure("created_at", "is required") }
            result.append(
                TwinPush.Notification.ReportError(
                    platform: try error.requiredString("platform"), level: try error.requiredString("level"),
                    key: try error.requiredString("key"), message: try error.requiredString("message", nonEmpty: false),
                    createdAt: createdAt, deviceID: try error.requiredString("device_id")))
        }
        return result
    }
}

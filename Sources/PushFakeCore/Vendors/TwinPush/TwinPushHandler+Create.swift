import Foundation

extension TwinPushHandler {
    /// `POST /apps/{app}/notifications` (TwinPushWireProtocol.md §9, FakeBehaviour.md): validates content and the one target, then
    /// sends now, or schedules when `send_since` is ahead of the fake clock. Answers `{"objects":[<Notification>],
    /// "references":[]}`; every invalid field is 422 `NotificationNotCreated`.
    static func createNotification(
        _ context: inout VendorContext, state: inout TwinPushState, services: inout VendorServices
    ) throws(TwinPushFailure) -> FakeResponse {
        try create(in: context.parameter("app"), &context, state: &state, services: &services)
    }

    /// `POST /notifications` without `/apps/{app}`, as DOCS' authentication example sends it: the creator token
    /// names the app, so it works only with declared apps; a token of none of them is 403 `InvalidCreatorToken`.
    /// Without declared apps no token names an app: 404 `AppNotFound` (*fake-specific*).
    static func createNotificationByToken(
        _ context: inout VendorContext, state: inout TwinPushState, services: inout VendorServices
    ) throws(TwinPushFailure) -> FakeResponse {
        guard state.isStrict else {
            throw TwinPushFailure(
                .appNotFound,
                "No app id in the path: use /apps/{app_id}/notifications (only a declared app's creator token names "
                    + "its app)")
        }
        let token = context.request.headers[creatorTokenHeader]
        guard let app = state.declaredAppOrder.first(where: { state.declaredApps[$0]?.creatorToken == token }) else {
            throw TwinPushFailure(.invalidCreatorToken, "Creator token is not valid or does not match any App ID")
        }
        context.app = app
        context.notes.append("app \(app) found by its creator token")
        return try create(in: app, &context, state: &state, services: &services)
    }

    private static func create(
        in app: String, _ context: inout VendorContext, state: inout TwinPushState, services: inout VendorServices
    ) throws(TwinPushFailure) -> FakeResponse {
        let body = body(context)
        let (target, overrides) = try parseTarget(body)
        let alert = try parseAlert(body, overrides: overrides)
        let customProperties = try parseCustomProperties(
            body["custom_properties"], name: "custom_properties", field: TwinPushFields.customProperty)
        let title = try limitedString(body, "title")
        let url = try limitedString(body, "url")
        var badge: TwinPushBadge? = .add(1)
        if let value = TwinPushFields.badge.value(in: body) {
            if value.isNull || value.stringValue == "" {
                badge = nil
            } else {
                guard let parsed = TwinPushBadge(value) else {
                    throw invalid("badge must be \(TwinPushBadge.expected) (got \(value))")
                }
                badge = parsed
            }
        }
        var sendSince = context.now
        if let value = body["send_since"], !value.isNull {
            guard let text = value.stringValue, let date = TimeFormat.parse(text) else {
                throw invalid("send_since must be a date like \"2026-01-01 10:00:00 +0000\" (got \(value))")
            }
            guard FakeClock.validRange.contains(date) else {
                throw invalid("send_since must be between 1970-01-01 and 9999-12-31 (got \(text))")
            }
            sendSince = date
        }
        var tags: [String] = []
        if let value = body["tags"], !value.isNull {
            guard let list = stringList(value) else { throw invalid("tags must be an array of strings") }
            tags = list
        }
        let speed = try optionalString(body, "delivery_speed") ?? "normal"
        guard TwinPush.deliverySpeeds.contains(speed) else {
            throw invalid("delivery_speed must be one of \(TwinPush.deliverySpeeds.joined(separator: ", "))")
        }
        let scheduled = sendSince > context.now
        let notification = TwinPush.Notification(
            id: services.nextID(.twinPushNotification), appID: app, name: try optionalString(body, "name"),
            alert: alert, title: title, url: url,
            sound: try optionalString(body, "sound"), badge: badge?.text, customProperties: customProperties,
            tags: tags, groupName: try optionalString(body, "group_name"), deliverySpeed: speed,
            inbox: try flag(body, "inbox"), protectedContent: try flag(body, "protected_content"),
            mutableContent: try flag(body, "mutable_content"), target: target, createdAt: context.now,
            sendSince: sendSince, status: scheduled ? .scheduled : .sent, lastSentAt: nil, deliveryCount: 0,
            receivedCount: 0, openingCount: 0, errors: [])
        state.add(TwinPushNotificationRecord(notification: notification, overrides: overrides, badge: badge))
        if scheduled {
            context.notes.append("scheduled for \(TimeFormat.twinPush(sendSince)) (fake clock)")
        } else {
            send(notification.id, at: context.now, state: &state, services: &services, notes: &context.notes)
        }
        guard let record = state.notifications[notification.id] else {
            throw TwinPushFailure(.internalServerError, "notification vanished while sending")
        }
        let object = TwinPushWire.notification(record.notification, content: record.baseContent, forBackend: true)
        return .json(200, TwinPushWire.objects([object]))
    }

    static func invalid(_ message: String) -> TwinPushFailure {
        TwinPushFailure(.notificationNotCreated, message)
    }

    /// `alert` is required (§9) unless every `multiple_*` entry brings its own; at most 255 characters.
    private static func parseAlert(
        _ body: JSONObject, overrides: [WireKey: TwinPushOverride]
    ) throws(TwinPushFailure) -> String {
        let everyTargetHasAlert = !overrides.isEmpty && overrides.values.allSatisfy { $0.alert != nil }
        guard let alert = try optionalString(body, "alert") ?? (everyTargetHasAlert ? "" : nil) else {
            throw invalid("alert is required")
        }
        try checkAlertLength(alert, name: "alert")
        return alert
    }

    static func checkAlertLength(_ alert: String, name: String) throws(TwinPushFailure) {
        try checkLength(alert, name: name, limit: TwinPush.Limits.alertLength)
    }

    static func checkLength(_ text: String, name: String, limit: Int) throws(TwinPushFailure) {
        let length = text.unicodeScalars.count
        if length > limit { throw invalid("\(name) is too long (\(length) characters; at most \(limit))") }
    }

    /// `title` or `url`: an optional string of at most 255 characters (DOCS).
    static func limitedString(_ body: JSONObject, _ name: String, path: String? = nil) throws(TwinPushFailure)
        -> String?
    {
        guard let text = try optionalString(body, name) else { return nil }
        try checkLength(text, name: path ?? name, limit: TwinPush.Limits.textLength)
        return text
    }

    /// A string field; `null` and `""` read as unset.
    static func optionalString(_ body: JSONObject, _ name: String) throws(TwinPushFailure) -> String? {
        switch body[name] {
        case nil, .null?: return nil
        case .string(let text)?: return text.isEmpty ? nil : text
        default: throw invalid("\(name) must be a string")
        }
    }

    private static func flag(_ body: JSONObject, _ name: String) throws(TwinPushFailure) -> Bool {
        switch body[name] {
        case nil, .null?: return false
        case .bool(let value)?: return value
        default: throw invalid("\(name) must be true or false")
        }
    }

    /// `custom_properties`: an object whose values are strings, numbers or booleans, at most 255 characters once
    /// serialized to JSON (DOCS). The keys the iOS payload uses itself (`aps`, `tp_id`, `tp_device_id`,
    /// `tp_rich_url`) are refused (*fake-specific*): they would collide with them at the payload's top level (§7.1).
    static func parseCustomProperties(
        _ value: JSON?, name: String, field: VendorField
    ) throws(TwinPushFailure) -> JSONObject {
        // Numbers are kept as sent (payloads carry them), never computed with: noted as a read of `field`.
        VendorFieldTrace.note(field)
        guard let value, !value.isNull else { return JSONObject() }
        guard let object = value.objectValue else { throw invalid("\(name) must be an object") }
        var result = JSONObject()
        for member in object.members {
            switch member.value {
            case .string, .int, .double, .bool: result[member.key] = member.value
            default: throw invalid("\(name).\(member.key) must be a string, a number or a boolean")
            }
            if ["aps", "tp_id", "tp_device_id", "tp_rich_url"].contains(member.key) {
                throw invalid("\(name).\(member.key) is reserved for the push payload")
            }
        }
        let length = JSON.object(object).serializedString().unicodeScalars.count
        if length > TwinPush.Limits.customPropertiesLength {
            throw invalid(
                "\(name) is too long once serialized to JSON (\(length) characters; at most "
                    + "\(TwinPush.Limits.customPropertiesLength))")
        }
        return result
    }
}

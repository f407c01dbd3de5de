import Foundation

extension TwinPush.Notification: WireType {
    /// The notification as the admin API shows it (`GET /__pushfake/notifications`, component
    /// `TwinPushNotification`): `app_id`, then its report as `GET …/notifications/{id}/report` answers it
    /// (TwinPushWireProtocol.md §9), with the Notification object (§6.2) of the notification itself, protected
    /// content shown. The vendor's own answers write the same report with `TwinPushWire`; tests hold the two
    /// together.
    ///
    /// The report does not show the target, ``inbox``, ``mutableContent``, ``createdAt``, the errors' devices,
    /// whether `tp_rich` was among the tags sent, the types of ``customProperties`` (it writes their values as
    /// strings), nor times finer than a second: a notification read from it is a broadcast created at
    /// ``sendSince``, with `inbox` and `mutableContent` `false`, error device ids `""`, the tags and string values
    /// as shown, and ``lastSentAt`` `nil` while it is scheduled for its `send_since`.
    public static let wire = WireDescription<TwinPush.Notification>(
        name: "TwinPushNotification", TwinPushNotificationObject().notification(of: nil),
        fields: [
            .required("app_id", \.appID, .string, "The app the notification was created in."),
            .required("status", \.status, statusCodec, "scheduled until the fake clock passes send_since, then sent."),
            .required("delivery_count", \.deliveryCount, .count, "Deliveries handed to the platform."),
            .required("received_count", \.receivedCount, .count, "Deliveries acknowledged as received."),
            .required("opening_count", \.openingCount, .count, "Deliveries or inbox items opened."),
            .required(
                "errors", \.errors, .array(ReportError.codec),
                "Deliveries the push networks would refuse, one entry each."),
            // Last: setting it keeps the members above, read before it.
            .required(
                "notification", \.reportObject, TwinPushNotificationObject.wire.codec,
                "The Notification object, protected content shown."),
        ], answer: true)

    /// `scheduled` or `sent`.
    static let statusCodec = WireCodec<String>.name(in: ["scheduled", "sent"]).map(
        { name, _ in Status(rawValue: name) ?? .sent }, \.rawValue)

    /// The Notification object of the report; setting it replaces the content with the object's, keeping `app_id`,
    /// the status, the counts and the errors (``wire``).
    var reportObject: TwinPushNotificationObject {
        get { TwinPushNotificationObject(self) }
        set { self = newValue.notification(of: self) }
    }
}

/// The Notification object of a report (TwinPushWireProtocol.md §6.2): the notification's own content, `title`
/// and `last_sent_at` never `null`, `custom_properties` values as strings, `tags` with `tp_rich` when a rich URL is
/// set.
struct TwinPushNotificationObject: Sendable {
    var id = ""
    var name: String?
    var sound: String?
    var alert = ""
    /// `""` when the notification has none.
    var title = ""
    var badge: String?
    var customProperties = JSONObject()
    var url: String?
    var deliverySpeed = "normal"
    var groupName: String?
    var protectedContent = false
    var sendSince = FakeClock.defaultEpoch
    /// The time of the deliveries, or `send_since` while there are none.
    var lastSentAt = FakeClock.defaultEpoch
    var tags: [String] = []

    init() {}

    init(_ notification: TwinPush.Notification) {
        let content = TwinPushContent(
            alert: notification.alert, title: notification.title, url: notification.url, badge: nil,
            customProperties: notification.customProperties, tags: notification.tags)
        id = notification.id
        name = notification.name
        sound = notification.sound
        alert = content.alert
        title = content.title ?? ""
        badge = notification.badge
        customProperties = TwinPushWire.stringValued(content.customProperties)
        url = content.url
        deliverySpeed = notification.deliverySpeed
        groupName = notification.groupName
        protectedContent = notification.protectedContent
        sendSince = notification.sendSince
        lastSentAt = notification.lastSentAt ?? notification.sendSince
        tags = content.restTags
    }

    /// The notification this object shows, with `app_id`, the status, the counts and the errors of `report` (none:
    /// `""`, sent, zero, none) and what the report does not show filled in (``TwinPush/Notification/wire``).
    func notification(of report: TwinPush.Notification?) -> TwinPush.Notification {
        let status = report?.status ?? .sent
        return TwinPush.Notification(
            id: id, appID: report?.appID ?? "", name: name, alert: alert, title: title.isEmpty ? nil : title, url: url,
            sound: sound, badge: badge, customProperties: customProperties, tags: tags, groupName: groupName,
            deliverySpeed: deliverySpeed, inbox: false, protectedContent: protectedContent, mutableContent: false,
            target: .broadcast, createdAt: sendSince, sendSince: sendSince, status: status,
            lastSentAt: status == .scheduled && lastSentAt == sendSince ? nil : lastSentAt,
            deliveryCount: report?.deliveryCount ?? 0, receivedCount: report?.receivedCount ?? 0,
            openingCount: report?.openingCount ?? 0, errors: report?.errors ?? [])
    }

    /// An object of string values (`{"k": "1"}`).
    static let strings = WireCodec<[WireKeyed<String>]>.keyed(.string).map(
        { members, _ in JSONObject(members.map { JSONObject.Member(key: $0.key, value: .string($0.value)) }) },
        { object in object.members.map { WireKeyed($0.key, $0.value.plainText) } })

    static let wire = WireDescription<TwinPushNotificationObject>(
        name: "TwinPushNotificationObject", TwinPushNotificationObject(),
        fields: [
            .required("id", \.id, .text, "The 16-digit id PushFake assigned."),
            .optional("name", \.name, .string, writesNull: true),
            .optional("sound", \.sound, .string, writesNull: true),
            .required("alert", \.alert, .string, "The message text."),
            .required("title", \.title, .string, "The title; empty when none."),
            .optional("badge", \.badge, .string, writesNull: true, "The badge modifier as sent (\"+1\", \"5\")."),
            .required("custom_properties", \.customProperties, strings, "As sent, every value as a string."),
            .optional("tp_rich_url", \.url, .string, writesNull: true, "url as sent."),
            .required("delivery_speed", \.deliverySpeed, .name(in: TwinPush.deliverySpeeds)),
            .optional("group_name", \.groupName, .string, writesNull: true),
            .required("protected_content", \.protectedContent, .bool),
            .required("send_since", \.sendSince, .twinPushTime, "When it is (or was) due."),
            .required("last_sent_at", \.lastSentAt, .twinPushTime, "The deliveries; send_since while scheduled."),
            .required("tags", \.tags, .array(.string), "As sent, plus tp_rich when a rich URL is set."),
            .constant("type", "Notification"),
        ], answer: true)
}

extension TwinPush.Notification.ReportError {
    /// An entry of a report's `errors`; the device is not shown (a report error read from it has `deviceID` `""`).
    static let codec = WireDescription<TwinPush.Notification.ReportError>(
        TwinPush.Notification.ReportError(
            platform: "", level: "", key: "", message: "", createdAt: FakeClock.defaultEpoch, deviceID: ""),
        fields: [
            .required("platform", \.platform, .string, "ios, android or huawei."),
            .required("level", \.level, .string, "critical, error or warning."),
            .required("key", \.key, .string, "The push network's reason, e.g. BadDeviceToken."),
            .required("message", \.message, .string, "What went wrong, naming the device."),
            .required("created_at", \.createdAt, .twinPushTime),
        ], answer: true
    ).codec
}

/// The platform payloads of one notification content, serialized once; a fan-out only splices in each device's
/// badge and id, so a send to 100,000 devices stays a memcpy per device (the fan-out target in Performance.md).
///
/// iOS (TwinPushWireProtocol.md §7.1, FakeBehaviour.md):
/// `{"aps":{"alert":…,"badge":N,"sound":…,"mutable-content":1},"tp_id":<number>,"tp_device_id":<number>,
/// "tp_rich_url":…,<custom properties as sent>}`. *Fake-specific* choices where the sources are silent:
/// `aps.alert` is a plain string without a title and `{"title","body"}` with one; `badge` is left out when the
/// notification does not touch badges; `sound`, `tp_rich_url` are left out when unset; `mutable-content` is set
/// when `mutable_content` is true or a custom property `attachment` is present (the sample service extension
/// downloads the top-level `attachment`).
///
/// Android / Huawei (§7.2): a data-only map with string values
/// `{"tp_id":"…","title":"…","message":"…","tp_rich_url":"…","custom":"<JSON object>","tags":"<JSON array>"}`;
/// `title` and `tp_rich_url` are left out when unset, `custom` and `tags` are always present (`"{}"`, `"[]"`).
struct TwinPushPayload {
    let badge: TwinPushBadge?
    private let applePrefix: [UInt8]
    private let appleMiddle: [UInt8]
    private let appleSuffix: [UInt8]
    let android: [UInt8]
    /// An iOS payload of this content with a badge and without: what the delivery checks read for every device
    /// (``checkTemplate(for:withBadge:)``).
    private var appleTemplates: (withBadge: [UInt8], withoutBadge: [UInt8]) = ([], [])

    init(notificationID: String, content: TwinPushContent, sound: String?, mutableContent: Bool) {
        badge = content.badge
        let title = content.title.flatMap { $0.isEmpty ? nil : $0 }
        var prefix = Array(#"{"aps":{"alert":"#.utf8)
        if let title {
            JSON.object(["title": .string(title), "body": .string(content.alert)]).write(to: &prefix)
        } else {
            JSON.writeString(content.alert, to: &prefix)
        }
        applePrefix = prefix

        var middle: [UInt8] = []
        if let sound {
            middle += Array(#","sound":"#.utf8)
            JSON.writeString(sound, to: &middle)
        }
        if mutableContent || content.customProperties.contains("attachment") {
            middle += Array(#","mutable-content":1"#.utf8)
        }
        middle += Array(#"},"tp_id":"#.utf8)
        Self.writeNumber(notificationID, to: &middle)
        middle += Array(#","tp_device_id":"#.utf8)
        appleMiddle = middle

        var suffix: [UInt8] = []
        if let url = content.url {
            suffix += Array(#","tp_rich_url":"#.utf8)
            JSON.writeString(url, to: &suffix)
        }
        for member in content.customProperties.members {
            suffix.append(UInt8(ascii: ","))
            JSON.writeString(member.key, to: &suffix)
            suffix.append(UInt8(ascii: ":"))
            member.value.write(to: &suffix)
        }
        suffix.append(UInt8(ascii: "}"))
        appleSuffix = suffix

        var data = JSONObject()
        data["tp_id"] = .string(notificationID)
        if let title { data["title"] = .string(title) }
        data["message"] = .string(content.alert)
        if let url = content.url { data["tp_rich_url"] = .string(url) }
        data["custom"] = .string(JSON.object(TwinPushWire.stringValued(content.customProperties)).serializedString())
        data["tags"] = .string(JSON.array(content.restTags.map(JSON.string)).serializedString())
        android = JSON.object(data).serialized()
        appleTemplates = (bytes(for: .ios, badge: 0, deviceID: "0"), bytes(for: .ios, badge: nil, deviceID: "0"))
    }

    /// A payload with the content every device of `platform` gets: the iOS payloads differ only in the badge
    /// number and the device id, which no delivery check reads, so the checks parse this one for all of them
    /// (``VendorServices/store(_:contentLike:)``).
    func checkTemplate(for platform: Delivery.Platform, withBadge: Bool) -> [UInt8] {
        guard platform.isApple else { return android }
        return withBadge ? appleTemplates.withBadge : appleTemplates.withoutBadge
    }

    /// The bytes a device receives; `badge` is the device's badge after this notification (`nil`: no badge key).
    func bytes(for platform: Delivery.Platform, badge: Int?, deviceID: String) -> [UInt8] {
        guard platform.isApple else { return android }
        var output: [UInt8] = []
        output.reserveCapacity(applePrefix.count + appleMiddle.count + appleSuffix.count + 48)
        output += applePrefix
        if let badge {
            output += Self.badgeKey
            output.append(contentsOf: String(badge).utf8)
        }
        output += appleMiddle
        Self.writeNumber(deviceID, to: &output)
        output += appleSuffix
        return output
    }

    private static let badgeKey = Array(#","badge":"#.utf8)

    /// Ids are 16-digit decimals below 2^53 (FakeBehaviour.md), written as JSON numbers because iOS calls
    /// `stringValue` on `tp_id` and the receipt extension reads `tp_device_id` `as? Int` (TwinPushWireProtocol.md §7.1).
    private static func writeNumber(_ id: String, to output: inout [UInt8]) {
        if !id.isEmpty, id.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) {
            output.append(contentsOf: id.utf8)
        } else {
            JSON.writeString(id, to: &output)
        }
    }
}

// The APNs rules. Sources are Apple's developer documentation, by article title: "Sending notification requests to
// APNs", "Handling notification responses from APNs", "Generating a remote notification", "Pushing background
// updates to your App", UNNotificationServiceExtension, and UIApplicationDelegate's
// application(_:didRegisterForRemoteNotificationsWithDeviceToken:).
import PushFakeHTTP1

extension DeliveryRule {
    /// The APNs rules, in the order they are reported.
    static let apns: [DeliveryRule] = [
        apnsMissingDeviceToken, apnsBadDeviceToken, apnsPayloadEmpty, apnsPayloadTooLarge, apnsBadPriority,
        apnsInvalidPushType, apnsPriorityTenForBackground, apnsMissingAps, apnsPushTypeMismatch,
        apnsBackgroundWithSoundOrBadge, apnsNoVisibleAlert, apnsMutableContentWithoutAlert,
    ]

    /// The `apns-push-type` values Apple documents.
    public static let apnsPushTypes = [
        "alert", "background", "location", "voip", "complication", "fileprovider", "mdm", "liveactivity",
        "pushtotalk", "widgets",
    ]

    /// An empty token: the request path has no device token.
    public static let apnsMissingDeviceToken = DeliveryRule.emptyToken(
        "apns.missingDeviceToken", .apns, code: "MissingDeviceToken", token: "device token",
        source: "Handling notification responses from APNs: 400 MissingDeviceToken, no device token in the :path")

    /// A token that is not bytes written as hexadecimal digits. Tokens vary in length (longer ones since Xcode 14's
    /// SDKs): any even number of digits passes.
    public static let apnsBadDeviceToken = DeliveryRule(
        "apns.badDeviceToken", .apns, .rejected, code: "BadDeviceToken",
        summary: "the device token is not hexadecimal bytes (any length)",
        source: "Sending notification requests to APNs: the :path carries the token as hexadecimal bytes; "
            + "Handling notification responses from APNs: 400 BadDeviceToken; "
            + "application(_:didRegisterForRemoteNotificationsWithDeviceToken:): tokens vary in length",
        check: .token { token in
            guard !token.isEmpty else { return nil }
            // Over the token's bytes in place: a fan-out checks every device's token (Performance.md).
            let hex =
                token.utf8.withContiguousStorageIfAvailable { $0.allSatisfy { $0.isHexDigit } }
                ?? token.utf8.allSatisfy { $0.isHexDigit }
            guard !hex || token.utf8.count % 2 != 0 else { return nil }
            return Finding(
                message: hex
                    ? "the device token has an odd number of hexadecimal digits"
                    : "the device token is not hexadecimal",
                limit: "hexadecimal digits, two per byte", measured: DeliveryRule.quoted(token))
        })

    /// An empty body.
    public static let apnsPayloadEmpty = DeliveryRule(
        "apns.payloadEmpty", .apns, .rejected, code: "PayloadEmpty", summary: "the payload is empty",
        source: "Handling notification responses from APNs: 400 PayloadEmpty",
        check: .size { payload, _ in
            payload.isEmpty
                ? Finding(message: "the payload is empty", limit: "a JSON payload", measured: "0 bytes") : nil
        })

    /// Over 4,096 bytes (5,120 for `apns-push-type: voip`).
    public static let apnsPayloadTooLarge = DeliveryRule(
        "apns.payloadTooLarge", .apns, .rejected, code: "PayloadTooLarge",
        summary: "the payload is over 4,096 bytes (5,120 for VoIP)",
        source: "Generating a remote notification: at most 4 KB (4,096 bytes), 5 KB (5,120 bytes) for VoIP; "
            + "Handling notification responses from APNs: 413 PayloadTooLarge",
        check: .sizeLimit("APNs") { apns in apns?.pushType == "voip" ? 5120 : Delivery.Platform.ios.payloadLimit })

    /// An `apns-priority` other than 10, 5 and 1.
    public static let apnsBadPriority = DeliveryRule(
        "apns.badPriority", .apns, .rejected, code: "BadPriority",
        summary: "apns-priority is not 10, 5 or 1",
        source: "Sending notification requests to APNs: apns-priority is 10, 5 or 1; "
            + "Handling notification responses from APNs: 400 BadPriority",
        check: .content { content in
            guard let priority = content.explicit.priority, ![10, 5, 1].contains(priority) else { return nil }
            return Finding(
                message: "apns-priority \(priority) is not one APNs knows", limit: "10, 5 or 1",
                measured: "\(priority)")
        })

    /// An `apns-push-type` Apple does not document.
    public static let apnsInvalidPushType = DeliveryRule(
        "apns.invalidPushType", .apns, .rejected, code: "InvalidPushType",
        summary: "apns-push-type is not a documented value",
        source: "Sending notification requests to APNs: the apns-push-type values; "
            + "Handling notification responses from APNs: 400 InvalidPushType",
        check: .content { content in
            guard let type = content.explicit.pushType, !apnsPushTypes.contains(type) else { return nil }
            return Finding(
                message: "apns-push-type \(DeliveryRule.quoted(type)) is not one APNs knows",
                limit: apnsPushTypes.joined(separator: ", "), measured: DeliveryRule.quoted(type))
        })

    /// Priority 10 for a background push (`content-available: 1`, or `apns-push-type: background`).
    public static let apnsPriorityTenForBackground = DeliveryRule(
        "apns.priorityTenForBackground", .apns, .rejected, code: "BadPriority",
        summary: "apns-priority 10 for a payload with content-available, or for apns-push-type background",
        source: "Sending notification requests to APNs: priority 10 for a payload containing content-available is "
            + "an error; the background push type always uses priority 5",
        check: .content { content in
            let background = content.aps.contentAvailable || content.pushType == "background"
            guard content.priority == 10, background else { return nil }
            let what = content.aps.contentAvailable ? "content-available: 1" : "apns-push-type background"
            return Finding(
                message: "apns-priority 10 is an error for a background push (\(what))",
                limit: "apns-priority 5 (or 1) with content-available or apns-push-type background",
                measured: "apns-priority 10 with \(what)")
        })
}

extension DeliveryRule {
    /// A value for `measured`, quoted and cut to 64 characters so a hostile token cannot flood a report.
    static func quoted(_ text: String) -> String {
        let limit = 64
        guard text.count > limit else { return JSON.string(text).serializedString() }
        return JSON.string(String(text.prefix(limit))).serializedString() + "… (\(text.count) characters)"
    }
}

// What APNs takes but a phone would not show as intended, and what `xcrun simctl push` cannot deliver. Sources as in
// DeliveryRule+APNs.swift.

extension DeliveryRule {
    /// No `aps` dictionary for an alert or background push: the system has nothing to act on.
    public static let apnsMissingAps = DeliveryRule(
        "apns.missingAps", .apns, .warning, code: "MissingAps",
        summary: "an alert or background push without an aps dictionary",
        source: "Generating a remote notification: the payload's aps dictionary holds the keys the system acts on",
        check: .content { content in
            guard let missing = content.aps.missingAps, ["alert", "background"].contains(content.pushType) else {
                return nil
            }
            return Finding(
                message: "the payload has no aps dictionary: the phone shows nothing and the app is not woken",
                limit: "a JSON object with an aps dictionary", measured: missing)
        })

    /// An `apns-push-type` that does not fit the payload (only one the vendor set: PushFake's own guess always fits).
    public static let apnsPushTypeMismatch = DeliveryRule(
        "apns.pushTypeMismatch", .apns, .warning, code: "PushTypeMismatch",
        summary: "apns-push-type alert for a background payload, or background for a payload that shows something",
        source: "Sending notification requests to APNs: apns-push-type must match the payload; on a mismatch APNs "
            + "may refuse the push, delay it or drop it",
        check: .content { content in
            guard let type = content.explicit.pushType, content.aps.missingAps == nil else { return nil }
            let aps = content.aps
            if type == "alert", aps.contentAvailable, !aps.showsAnything {
                return Finding(
                    message: "apns-push-type alert for a background payload (content-available only)",
                    limit: "apns-push-type background for content-available without alert, badge or sound",
                    measured: "apns-push-type alert; aps shows nothing")
            }
            if type == "background", aps.showsAnything || !aps.contentAvailable {
                return Finding(
                    message: "apns-push-type background for a payload that is not a background notification",
                    limit: "content-available: 1 and no alert, badge or sound",
                    measured: "apns-push-type background; aps shows \(aps.shownKeys)"
                        + (aps.contentAvailable ? "" : ", no content-available"))
            }
            return nil
        })

    /// `content-available` with a sound or a badge but no alert.
    public static let apnsBackgroundWithSoundOrBadge = DeliveryRule(
        "apns.backgroundWithSoundOrBadge", .apns, .warning, code: "BackgroundWithSoundOrBadge",
        summary: "a background push (content-available) that also carries a sound or a badge",
        source: "Pushing background updates to your App: a background notification's aps holds content-available "
            + "and no alert, sound or badge",
        check: .content { content in
            let aps = content.aps
            guard aps.contentAvailable, !aps.visibleAlert, aps.badge || aps.sound else { return nil }
            return Finding(
                message: "a background push with \(aps.shownKeys): not a background notification, and no banner",
                limit: "content-available without alert, sound or badge", measured: "aps has \(aps.shownKeys)")
        })

    /// An alert push with nothing to read: a badge or a sound alone, or an empty alert.
    public static let apnsNoVisibleAlert = DeliveryRule(
        "apns.noVisibleAlert", .apns, .warning, code: "NoVisibleAlert",
        summary: "an alert push with no alert text (a badge or sound alone, an empty alert)",
        source: "Generating a remote notification: aps.alert is what the banner shows; a badge or sound alone "
            + "shows none",
        check: .content { content in
            let aps = content.aps
            guard aps.missingAps == nil, content.pushType == "alert", !aps.contentAvailable, !aps.visibleAlert else {
                return nil
            }
            let measured =
                aps.emptyAlert
                ? "an empty alert" + (aps.showsAnything ? " with \(aps.shownKeys)" : "")
                : (aps.showsAnything ? "\(aps.shownKeys) only" : "an empty aps")
            return Finding(
                message: "the phone shows no banner: the notification has \(measured)",
                limit: "a non-empty alert (title, subtitle or body)", measured: measured)
        })

    /// `mutable-content` without an alert: the Notification Service Extension does not run.
    public static let apnsMutableContentWithoutAlert = DeliveryRule(
        "apns.mutableContentWithoutAlert", .apns, .warning, code: "MutableContentWithoutAlert",
        summary: "mutable-content without an alert (the service extension does not run)",
        source: "UNNotificationServiceExtension: the system runs the extension only for a notification that shows "
            + "an alert and has mutable-content 1",
        check: .content { content in
            guard content.aps.mutableContent, !content.aps.visibleAlert else { return nil }
            return Finding(
                message: "mutable-content without an alert: no Notification Service Extension runs",
                limit: "an alert with mutable-content", measured: "mutable-content: 1, no alert")
        })

    /// The rules of `xcrun simctl push`, checked when the engine delivers into the Simulator.
    static let simulator: [DeliveryRule] = [simulatorNoServiceExtension, simulatorNoSilentPush]

    /// `mutable-content` on the Simulator path.
    public static let simulatorNoServiceExtension = DeliveryRule(
        "simulator.noServiceExtension", .simulator, .warning, code: "SimulatorNoServiceExtension",
        summary: "mutable-content on the Simulator path: simctl push runs no Notification Service Extension",
        source: "xcrun simctl push hands the payload to the Simulator without APNs: no Notification Service "
            + "Extension runs",
        check: .content { content in
            guard content.aps.mutableContent else { return nil }
            return Finding(
                message: "the Simulator shows this push as sent: no Notification Service Extension changes it",
                limit: "no mutable-content on the Simulator path", measured: "mutable-content: 1")
        })

    /// A background push on the Simulator path.
    public static let simulatorNoSilentPush = DeliveryRule(
        "simulator.noSilentPush", .simulator, .warning, code: "SimulatorNoSilentPush",
        summary: "content-available on the Simulator path: simctl push delivers no background pushes",
        source: "xcrun simctl push delivers notifications to show, not background (silent) pushes",
        check: .content { content in
            guard content.aps.contentAvailable else { return nil }
            return Finding(
                message: "the Simulator does not wake the app for content-available",
                limit: "no content-available on the Simulator path", measured: "content-available: 1")
        })
}

/// TwinPush's answer to a payload over the push network's limit (TwinPushWireProtocol.md §9; DOCS "Payload limit":
/// "TwinPush tries to adjust the size of the Payload by trimming the alert if needed"; the FAQ: "TwinPush will cut
/// the text"): the alert loses characters (Unicode scalars) from its end until the payload fits. When even an empty
/// alert does not fit, nothing is trimmed and the delivery fails with `PayloadTooLarge` (FakeBehaviour.md, Payload
/// limits).
///
/// One notification's trims, remembered per content and platform: a fan-out finds the length once and only checks
/// it for the next device (whose badge may have one digit more).
struct TwinPushAlertTrim {
    let notificationID: String
    let sound: String?
    let mutableContent: Bool
    /// The alert length that fitted, by override key (`""` for the base content) and platform.
    private var lengths: [String: Int] = [:]

    init(notificationID: String, sound: String?, mutableContent: Bool) {
        self.notificationID = notificationID
        self.sound = sound
        self.mutableContent = mutableContent
    }

    /// The bytes with the alert trimmed to fit `platform`'s limit, and the alert's new length; `nil` when the
    /// payload does not fit even with an empty alert.
    mutating func fit(
        _ content: TwinPushContent, key: String?, platform: Delivery.Platform, badge: Int?, deviceID: String
    ) -> (bytes: [UInt8], alertLength: Int)? {
        let cacheKey = (key ?? "") + "\u{0}" + platform.rawValue
        if let length = lengths[cacheKey] {
            let bytes = self.bytes(content, length, platform, badge, deviceID)
            if bytes.count <= platform.payloadLimit { return (bytes, length) }
        }
        // The longest prefix that fits: the size grows with the length, so a binary search finds it.
        var low = 0
        var high = content.alert.unicodeScalars.count - 1
        guard high >= 0, bytes(content, 0, platform, badge, deviceID).count <= platform.payloadLimit else {
            return nil
        }
        while low < high {
            let middle = low + (high - low + 1) / 2
            if bytes(content, middle, platform, badge, deviceID).count <= platform.payloadLimit {
                low = middle
            } else {
                high = middle - 1
            }
        }
        lengths[cacheKey] = low
        return (bytes(content, low, platform, badge, deviceID), low)
    }

    private func bytes(
        _ content: TwinPushContent, _ length: Int, _ platform: Delivery.Platform, _ badge: Int?, _ deviceID: String
    ) -> [UInt8] {
        var trimmed = content
        trimmed.alert = String(String.UnicodeScalarView(content.alert.unicodeScalars.prefix(length)))
        return TwinPushPayload(
            notificationID: notificationID, content: trimmed, sound: sound, mutableContent: mutableContent
        ).bytes(for: platform, badge: badge, deviceID: deviceID)
    }
}

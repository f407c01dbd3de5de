// The FCM and HMS rules. Sources are Firebase's documentation: "FCM message types" (set-message-type), the HTTP v1
// API's Message resource, and "FCM error codes" with the legacy HTTP protocol's error table, whose names say which
// check failed (the HTTP v1 API answers all of them as INVALID_ARGUMENT).

extension DeliveryRule {
    /// The FCM rules, in the order they are reported.
    static let fcm: [DeliveryRule] = [
        fcmMissingRegistration, fcmInvalidRegistration, fcmMessageTooBig, fcmInvalidDataKey, fcmInvalidParameters,
    ]

    /// The HMS rules.
    static let hms: [DeliveryRule] = [hmsPayloadTooLarge]

    /// Data keys FCM keeps for itself, and the prefixes of such keys.
    public static let fcmReservedKeys = ["from", "notification", "message_type"]
    /// Prefixes of the data keys FCM keeps for itself.
    public static let fcmReservedPrefixes = ["google.", "gcm."]

    /// An empty registration token.
    public static let fcmMissingRegistration = DeliveryRule.emptyToken(
        "fcm.missingRegistration", .fcm, code: "MissingRegistration", token: "registration token",
        source: "FCM error codes (legacy table): MissingRegistration; HTTP v1: INVALID_ARGUMENT")

    /// A registration token with characters FCM tokens never have (they are URL-safe Base64 with `:`).
    public static let fcmInvalidRegistration = DeliveryRule(
        "fcm.invalidRegistration", .fcm, .rejected, code: "InvalidRegistration",
        summary: "the registration token has characters other than letters, digits, - _ : .",
        source: "FCM error codes: InvalidRegistration (legacy), \"The registration token is not a valid FCM "
            + "registration token\" (HTTP v1, INVALID_ARGUMENT)",
        check: .token { token in
            guard let bad = token.unicodeScalars.first(where: { !DeliveryRule.isTokenCharacter($0) }) else {
                return nil
            }
            return Finding(
                message: "the registration token contains \(DeliveryRule.quoted(String(bad)))",
                limit: "letters, digits, -, _, : and .", measured: DeliveryRule.quoted(token))
        })

    /// Over 4,096 bytes of data keys and values.
    public static let fcmMessageTooBig = DeliveryRule(
        "fcm.messageTooBig", .fcm, .rejected, code: "MessageTooBig",
        summary: "the data keys and values are over 4,096 bytes",
        source: "FCM message types: at most 4,096 bytes for both message kinds; FCM error codes (legacy table): "
            + "MessageTooBig, keys and values counted",
        // The raw keys and values are never longer than their JSON, so most payloads need no parse.
        check: .sizeLimit("FCM data message", measure: DeliveryRule.dataSize) { _ in
            Delivery.Platform.android.payloadLimit
        })

    /// A data key FCM keeps for itself.
    public static let fcmInvalidDataKey = DeliveryRule(
        "fcm.invalidDataKey", .fcm, .rejected, code: "InvalidDataKey",
        summary: "a data key is from, notification, message_type, or starts with google. or gcm.",
        source: "FCM message types: reserved words in data (from, notification, message_type, google. and gcm. "
            + "prefixes); FCM error codes (legacy table): InvalidDataKey",
        check: .content { content in
            guard let keys = content.payload?.objectValue?.keys,
                let key = keys.first(where: { key in
                    fcmReservedKeys.contains(key) || fcmReservedPrefixes.contains { key.hasPrefix($0) }
                })
            else { return nil }
            return Finding(
                message: "the data key \(DeliveryRule.quoted(key)) is reserved by FCM",
                limit: "no key " + fcmReservedKeys.joined(separator: ", ") + ", none starting "
                    + fcmReservedPrefixes.joined(separator: " or "),
                measured: DeliveryRule.quoted(key))
        })

    /// Data that is not an object of string values.
    public static let fcmInvalidParameters = DeliveryRule(
        "fcm.invalidParameters", .fcm, .rejected, code: "InvalidParameters",
        summary: "the data is not a JSON object of string values",
        source: "FCM HTTP v1 Message.data: a map of string to string (INVALID_ARGUMENT \"Invalid value at "
            + "message.data[0].value (TYPE_STRING)\"); FCM error codes (legacy table): InvalidParameters",
        check: .content { content in
            guard let data = content.payload?.objectValue else {
                return Finding(
                    message: "the data message is not a JSON object", limit: "a JSON object of strings",
                    measured: content.payload.map { "a JSON \($0.typeName)" } ?? "not JSON")
            }
            guard let member = data.members.first(where: { $0.value.stringValue == nil }) else { return nil }
            return Finding(
                message: "the data value of \(DeliveryRule.quoted(member.key)) is a \(member.value.typeName), "
                    + "not a string",
                limit: "string values", measured: "\(DeliveryRule.quoted(member.key)): \(member.value.typeName)")
        })

    /// Over 4,000 bytes of HMS data message, the limit PushFake always used for Huawei devices.
    public static let hmsPayloadTooLarge = DeliveryRule(
        "hms.payloadTooLarge", .hms, .rejected, code: "PayloadTooLarge",
        summary: "the data message is over 4,000 bytes",
        source: "PushFake's limit for HMS data messages (FakeBehaviour.md, Payload limits)",
        check: .sizeLimit("HMS data message") { _ in Delivery.Platform.huawei.payloadLimit })

    static func isTokenCharacter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "a"..."z", "A"..."Z", "0"..."9", "-", "_", ":", ".": return true
        default: return false
        }
    }

    /// The bytes FCM counts: every key and value of the data object (a value that is not a string as its JSON);
    /// the whole payload when it is not an object.
    static func dataSize(_ payload: [UInt8]) -> Int {
        guard case .object(let data)? = try? JSON.parse(payload) else { return payload.count }
        var size = 0
        for member in data.members {
            size &+= member.key.utf8.count
            size &+= member.value.stringValue?.utf8.count ?? member.value.serialized().count
        }
        return size
    }
}

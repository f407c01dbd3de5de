import Foundation

extension Delivery {
    /// The delivery as JSON for the admin API and exports; `payload` is the parsed platform payload.
    public var jsonValue: JSON {
        var object: JSONObject = [
            "id": .string(id), "vendor": .string(vendor.rawValue), "app": .string(app),
            "notificationId": .string(notificationID), "deviceId": .string(deviceID),
            "platform": .string(platform.rawValue), "token": token.map(JSON.string) ?? .null,
            "payload": payloadJSON ?? .string(payloadString), "payloadBytes": .int(payload.count),
        ]
        switch status {
        case .delivered: object["status"] = "delivered"
        case .failed(let reason):
            object["status"] = "failed"
            object["reason"] = .string(reason)
        }
        object["createdAt"] = .string(TimeFormat.iso8601(createdAt))
        object["receivedAt"] = receivedAt.map { .string(TimeFormat.iso8601($0)) } ?? .null
        object["openedAt"] = openedAt.map { .string(TimeFormat.iso8601($0)) } ?? .null
        return .object(object)
    }
}

extension Date {
    /// `2026-01-01T00:00:00.000Z`, the timestamp format of PushFake's own JSON.
    public var pushFakeISO8601: String { TimeFormat.iso8601(self) }

    /// Parses PushFake and TwinPush timestamps (`2026-01-01T00:00:00Z`, `2026-01-01 00:00:00 UTC`, `+0100`, …).
    public init?(pushFakeTimestamp text: String) {
        guard let date = TimeFormat.parse(text) else { return nil }
        self = date
    }
}

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
        // Only on deliveries that have them, so the JSON of every other delivery stays as it was.
        if let apns { object["apns"] = apns.jsonValue }
        switch status {
        case .delivered: object["status"] = "delivered"
        case .failed(let reason):
            object["status"] = "failed"
            object["reason"] = .string(reason)
        }
        if !problems.isEmpty { object["problems"] = .array(problems.map(\.jsonValue)) }
        object["createdAt"] = .string(TimeFormat.iso8601(createdAt))
        object["receivedAt"] = receivedAt.map { .string(TimeFormat.iso8601($0)) } ?? .null
        object["openedAt"] = openedAt.map { .string(TimeFormat.iso8601($0)) } ?? .null
        if !notes.isEmpty { object["notes"] = .array(notes.map(JSON.string)) }
        return .object(object)
    }
}

extension Delivery {
    /// The keys of ``jsonValue``.
    static let jsonKeys = [
        "id", "vendor", "app", "notificationId", "deviceId", "platform", "token", "payload", "payloadBytes", "apns",
        "status", "reason", "problems", "createdAt", "receivedAt", "openedAt", "notes",
    ]

    /// Reads ``jsonValue`` back into an equal delivery (times to the millisecond).
    ///
    /// The payload bytes are the compact serialization of `payload`, which is what PushFake's vendors send; a
    /// `payload` string stands for a payload that is not JSON, as ``jsonValue`` writes one. `payloadBytes`, when
    /// given, must agree.
    /// - Throws: ``JSONFieldError`` naming the member and what it must be.
    public init(json: JSON) throws(JSONFieldError) {
        let fields = try JSONFields(json, path: "", allowed: Self.jsonKeys)
        let platformName = try fields.requiredString("platform")
        guard let platform = Platform(rawValue: platformName) else {
            throw fields.failure(
                "platform",
                "must be \(JSONFields.list(Platform.allCases.map(\.rawValue))), not \"\(platformName)\"")
        }
        let payload = try Self.payload(fields)
        let status: Status
        switch try fields.requiredString("status") {
        case "delivered":
            if fields.value("reason") != nil { throw fields.failure("reason", "is only for a failed delivery") }
            status = .delivered
        case "failed": status = .failed(reason: try fields.requiredString("reason"))
        case let other: throw fields.failure("status", "must be delivered or failed, not \"\(other)\"")
        }
        guard let createdAt = try fields.date("createdAt") else { throw fields.failure("createdAt", "is required") }
        var apns: APNsHeaders?
        if let value = fields.value("apns") { apns = try APNsHeaders(json: value, path: fields.childPath("apns")) }
        self.init(
            id: try fields.requiredString("id"), vendor: Vendor(try fields.requiredString("vendor")),
            app: try fields.requiredString("app", nonEmpty: false),
            notificationID: try fields.requiredString("notificationId"),
            deviceID: try fields.requiredString("deviceId"),
            platform: platform, token: try fields.string("token", nonEmpty: false), payload: payload, status: status,
            createdAt: createdAt, apns: apns)
        problems = try Self.problems(fields, status: status)
        receivedAt = try fields.date("receivedAt")
        openedAt = try fields.date("openedAt")
        notes = try fields.strings("notes") ?? []
    }

    private static func problems(_ fields: JSONFields, status: Status) throws(JSONFieldError) -> [DeliveryProblem] {
        var problems: [DeliveryProblem] = []
        for (index, item) in (try fields.array("problems") ?? []).enumerated() {
            let path = fields.childPath("problems") + "[\(index)]"
            let problem = try DeliveryProblem(json: item, path: path)
            if problem.severity == .rejected, status == .delivered {
                throw JSONFieldError(path: path, problem: "is a rejection, but the delivery is delivered")
            }
            problems.append(problem)
        }
        return problems
    }

    private static func payload(_ fields: JSONFields) throws(JSONFieldError) -> [UInt8] {
        guard let value = fields.object["payload"] else { throw fields.failure("payload", "is required") }
        let serialized = value.serialized()
        let expected = try fields.int("payloadBytes", in: 0...Int.max)
        if case .string(let text) = value, expected == nil || expected == text.utf8.count {
            return Array(text.utf8)
        }
        if let expected, expected != serialized.count {
            throw fields.failure(
                "payloadBytes", "is \(expected), but the payload serializes to \(serialized.count) bytes")
        }
        return serialized
    }
}

extension Delivery.APNsHeaders {
    /// `{"pushType": "background", "priority": 5}`, each member only when set.
    public var jsonValue: JSON {
        var object = JSONObject()
        if let pushType { object["pushType"] = .string(pushType) }
        if let priority { object["priority"] = .int(priority) }
        return .object(object)
    }

    /// Reads ``jsonValue`` back.
    init(json: JSON, path: String) throws(JSONFieldError) {
        let fields = try JSONFields(json, path: path, allowed: ["pushType", "priority"])
        self.init(pushType: try fields.string("pushType"), priority: try fields.int("priority", in: 0...Int.max))
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

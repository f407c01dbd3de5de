import Foundation

/// The JSON form of a ``Delivery``, member by member: what its description (``Delivery/wire``) reads and writes.
/// The payload is the parsed platform payload (a string for one that is not JSON); the rules between members
/// (`reason` only and always for a failed delivery, no rejection on a delivered one, `payloadBytes` agreeing with
/// the payload) are checked when it becomes a delivery.
struct DeliveryForm: WireForm {
    /// `delivered` or `failed`.
    enum Status: String, CaseIterable, Sendable {
        case delivered
        case failed
    }

    var id = ""
    var vendor = ""
    var app = ""
    var notificationID = ""
    var deviceID = ""
    var platform = Delivery.Platform.ios
    var token: String?
    var payload: JSON = .null
    var payloadBytes: Int?
    var apns: Delivery.APNsHeaders?
    var status = Status.delivered
    var reason: String?
    var problems: [DeliveryProblem] = []
    var createdAt = FakeClock.defaultEpoch
    var receivedAt: Date?
    var openedAt: Date?
    var notes: [String] = []

    init() {}

    /// The form of `delivery`.
    init(_ delivery: Delivery) {
        id = delivery.id
        vendor = delivery.vendor.rawValue
        app = delivery.app
        notificationID = delivery.notificationID
        deviceID = delivery.deviceID
        platform = delivery.platform
        token = delivery.token
        payload = delivery.payloadJSON ?? .string(delivery.payloadString)
        payloadBytes = delivery.payload.count
        apns = delivery.apns
        switch delivery.status {
        case .delivered: status = .delivered
        case .failed(let text):
            status = .failed
            reason = text
        }
        problems = delivery.problems
        createdAt = delivery.createdAt
        receivedAt = delivery.receivedAt
        openedAt = delivery.openedAt
        notes = delivery.notes
    }

    static let wire = WireDescription<DeliveryForm>(
        DeliveryForm(),
        fields: [
            .required("id", \.id, .text, "A 16-digit id, deterministic for the engine's seed."),
            .required("vendor", \.vendor, .text, "The vendor whose send caused it."),
            .required("app", \.app, .string, "TPNS application key or TwinPush app id."),
            .required("notificationId", \.notificationID, .text, "TPNS send id or TwinPush notification id."),
            .required("deviceId", \.deviceID, .text, "TPNS deviceId or TwinPush device id."),
            .required("platform", \.platform, .choice, "The device's push channel."),
            .optional("token", \.token, .string, writesNull: true, "The APNs / FCM token the payload went to."),
            .required("payload", \.payload, .json, "The payload the device receives (a string when it is no JSON)."),
            WireField(
                "payloadBytes", summary: "The payload's size in bytes.", isRequired: false, isAlwaysWritten: true,
                read: { (json, form, path, context) throws(JSONFieldError) in
                    form.payloadBytes = try json.map { json throws(JSONFieldError) in
                        try WireCodec<Int>.count.read(json, path, context)
                    }
                },
                write: { form, members in
                    members.append(.init(key: "payloadBytes", value: .int(form.payloadBytes ?? 0)))
                },
                schema: WireCodec<Int>.count.schema),
            .optional("apns", \.apns, .wire(), "The APNs headers the vendor chose; absent when it chose none."),
            .required("status", \.status, .choice, "Handed to the platform, or refused."),
            .optional("reason", \.reason, .text, "The network's reason, for a failed delivery."),
            // No summary: the schema of `problems` is only the array of DeliveryProblem (DeliveryChecks.md).
            .defaulted("problems", \.problems, .array(.wire()), omitted: { $0.isEmpty }),
            .required("createdAt", \.createdAt, .timestamp, "Fake-clock time of the send."),
            .optional("receivedAt", \.receivedAt, .timestamp, writesNull: true, "When the device reported receipt."),
            .optional("openedAt", \.openedAt, .timestamp, writesNull: true, "When the device reported an open."),
            .defaulted(
                "notes", \.notes, .array(.string), "What happened to it outside the vendor API; absent when nothing.",
                omitted: { $0.isEmpty }),
        ], answer: true)

    /// The delivery, once the rules between the members hold; errors name their member under `path`.
    func value(path: String) throws(JSONFieldError) -> Delivery {
        func failure(_ key: String, _ problem: String) -> JSONFieldError {
            JSONFieldError(path: JSONFields.join(path, key), problem: problem)
        }
        let status: Delivery.Status
        switch (self.status, reason) {
        case (.delivered, nil): status = .delivered
        case (.delivered, _): throw failure("reason", "is only for a failed delivery")
        case (.failed, let reason?): status = .failed(reason: reason)
        case (.failed, nil): throw failure("reason", "is required")
        }
        let bytes: [UInt8]
        let serialized = payload.serialized()
        if case .string(let text) = payload, payloadBytes == nil || payloadBytes == text.utf8.count {
            bytes = Array(text.utf8)
        } else if let payloadBytes, payloadBytes != serialized.count {
            throw failure(
                "payloadBytes", "is \(payloadBytes), but the payload serializes to \(serialized.count) bytes")
        } else {
            bytes = serialized
        }
        for (index, problem) in problems.enumerated() where problem.severity == .rejected && status == .delivered {
            throw JSONFieldError(
                path: JSONFields.join(path, "problems") + "[\(index)]",
                problem: "is a rejection, but the delivery is delivered")
        }
        var delivery = Delivery(
            id: id, vendor: Vendor(vendor), app: app, notificationID: notificationID, deviceID: deviceID,
            platform: platform, token: token, payload: bytes, status: status, createdAt: createdAt, apns: apns)
        delivery.problems = problems
        delivery.receivedAt = receivedAt
        delivery.openedAt = openedAt
        delivery.notes = notes
        return delivery
    }
}

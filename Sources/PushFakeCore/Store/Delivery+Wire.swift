import Foundation

extension Delivery: WireType {
    /// What a device would have received (component `Delivery`), as the admin API, state documents and events
    /// write it (``jsonValue``) and ``init(json:)`` reads it back: its members are described once, in
    /// `DeliveryForm` (`Delivery+Form.swift`), which also checks the rules between them.
    public static let wire = WireDescription<Delivery>(name: "Delivery", form: DeliveryForm.self)

    /// Reads ``jsonValue`` back into an equal delivery (times to the millisecond).
    ///
    /// The payload bytes are the compact serialization of `payload`, which is what PushFake's vendors send; a
    /// `payload` string stands for a payload that is not JSON, as ``jsonValue`` writes one. `payloadBytes`, when
    /// given, must agree.
    /// - Throws: ``JSONFieldError`` naming the member and what it must be.
    public init(json: JSON) throws(JSONFieldError) {
        self = try Self.wire.read(json)
    }
}

extension Delivery.APNsHeaders: WireType {
    /// `{"pushType": "background", "priority": 5}`, each member only when set.
    public static let wire = WireDescription<Delivery.APNsHeaders>(
        Delivery.APNsHeaders(),
        fields: [
            .optional("pushType", \.pushType, .text, "apns-push-type: alert, background, voip, …"),
            .optional("priority", \.priority, .count, "apns-priority: 10, 5 or 1."),
        ], answer: true)
}

extension DeliveryProblem: WireType {
    /// `{"severity","code","message","limit","measured"}` (component `DeliveryProblem`; DeliveryChecks.md).
    public static let wire = WireDescription<DeliveryProblem>(
        name: "DeliveryProblem", DeliveryProblem(severity: .warning, code: "", message: "", limit: "", measured: ""),
        fields: [
            .required("severity", \.severity, .choice, "Whether the network refuses the delivery or takes it."),
            .required("code", \.code, .text, "The network's reason, or PushFake's name for a warning."),
            .required("message", \.message, .string, "What is wrong."),
            .required("limit", \.limit, .string, "What the rule allows."),
            .required("measured", \.measured, .string, "What the delivery has."),
        ])
}

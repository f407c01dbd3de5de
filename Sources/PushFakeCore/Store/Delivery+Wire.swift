extension Delivery: WireType {
    /// What a device would have received (component `Delivery`), as the admin API, state documents and events
    /// write it (``jsonValue``) and ``init(json:)`` reads it back.
    public static let wire = WireDescription<Delivery>(
        name: "Delivery",
        codec: .reader(
            { (json, _) throws(JSONFieldError) -> Delivery in try Delivery(json: json) },
            write: \.jsonValue,
            schema: { schemas in
                let string: JSON = ["type": "string"]
                let nullableString: JSON = ["type": ["string", "null"]]
                return WireSchemas.object(
                    [
                        "id": string, "vendor": string, "app": string, "notificationId": string, "deviceId": string,
                        "platform": string, "token": nullableString, "payload": [:],
                        "payloadBytes": ["type": "integer"],
                        "apns": WireSchemas.object(["pushType": string, "priority": ["type": "integer"]]),
                        "status": ["enum": ["delivered", "failed"]], "reason": string,
                        "problems": ["type": "array", "items": schemas.schema(of: DeliveryProblem.self)],
                        "createdAt": ["type": "string", "format": "date-time"], "receivedAt": nullableString,
                        "openedAt": nullableString, "notes": ["type": "array", "items": string],
                    ], required: ["id", "vendor", "deviceId", "payload"], closed: false)
            }))
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

extension JournalEntry: WireType, WireForm {
    /// One entry of the JSON Lines schema (component `JournalEntry`; RecordingFormat.md): written from the compact
    /// layout by ``jsonValue``, read back by ``init(json:vendors:)``.
    public static let wire = WireDescription<JournalEntry>(
        name: "JournalEntry",
        formSchema: { _ in schema })

    private static var schema: JSON {
        let string: JSON = ["type": "string"]
        let nullableString: JSON = ["type": ["string", "null"]]
        let message: JSONObject = [
            "headers": [
                "type": "array", "items": ["type": "array", "items": ["type": "string"], "minItems": 2, "maxItems": 2],
            ],
            "body": string, "bodyBase64": string, "json": [:], "bodyAvailable": ["type": "boolean"],
        ]
        var request = message
        request["method"] = string
        request["path"] = string
        request["query"] = string
        var response = message
        response["status"] = ["type": "integer"]
        return WireSchemas.object(
            [
                "v": ["const": 1], "seq": ["type": "integer"], "time": ["type": "string", "format": "date-time"],
                "transport": string, "vendor": nullableString, "operation": nullableString, "route": nullableString,
                "params": ["type": ["object", "null"]], "app": nullableString, "device": nullableString,
                "request": ["type": "object", "properties": .object(request)], "fault": ["type": ["object", "null"]],
                "response": ["type": "object", "properties": .object(response)],
                "outcome": ["enum": ["responded", "dropped", "droppedAfterHandling"]], "delay": ["type": "number"],
                "deliveries": ["type": "array", "items": string], "notes": ["type": "array", "items": string],
                "proxied": WireSchemas.object(
                    [
                        "mode": ["enum": ["proxy", "learn"]], "upstream": string, "latencyMs": ["type": "integer"],
                        "failure": nullableString,
                    ], required: ["mode", "upstream", "latencyMs"], closed: false),
            ], required: ["v", "seq", "time", "request", "response", "outcome"], closed: false)
    }
}

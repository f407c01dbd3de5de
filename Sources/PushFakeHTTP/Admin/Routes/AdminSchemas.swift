import PushFakeCore

/// The JSON Schemas (2020-12, as OpenAPI 3.1 uses them) of the admin API's bodies: `components/schemas` of the
/// OpenAPI document. They describe the JSON forms Core writes and reads (RecordingFormat.md, StateFormat.md).
package enum AdminSchemas {
    /// `{"$ref": "#/components/schemas/<name>"}`.
    package static func ref(_ name: String) -> JSON {
        ["$ref": .string("#/components/schemas/\(name)")]
    }

    static func array(_ items: JSON) -> JSON { ["type": "array", "items": items] }

    static func object(_ properties: JSONObject, required: [String] = [], additional: Bool = true) -> JSON {
        var schema: JSONObject = ["type": "object", "properties": .object(properties)]
        if !required.isEmpty { schema["required"] = .array(required.map(JSON.string)) }
        if !additional { schema["additionalProperties"] = false }
        return .object(schema)
    }

    static let string: JSON = ["type": "string"]
    static let nullableString: JSON = ["type": ["string", "null"]]
    static let integer: JSON = ["type": "integer"]
    static let number: JSON = ["type": "number"]
    static let boolean: JSON = ["type": "boolean"]
    static let anyJSON: JSON = [:]
    static let timestamp: JSON = ["type": "string", "format": "date-time"]
    static let headerPairs: JSON = array(["type": "array", "items": ["type": "string"], "minItems": 2, "maxItems": 2])

    /// Every named schema.
    package static var components: JSONObject {
        [
            "Error": object(["error": string], required: ["error"]),
            "Health": object(["status": ["const": "ok"], "journal": anyJSON], required: ["status"]),
            "JournalEntry": journalEntry,
            "JournalPage": object(
                [
                    "entries": array(ref("JournalEntry")), "count": integer, "total": integer, "dropped": integer,
                ], required: ["entries", "count", "total", "dropped"]),
            "Delivery": delivery,
            "Matcher": matcher,
            "FaultRuleInput": object(
                ["match": ref("Matcher"), "fault": ["type": "object"], "scope": anyJSON], required: ["fault"],
                additional: false),
            "FaultRule": object(
                [
                    "id": string, "match": ref("Matcher"), "fault": ["type": "object"], "scope": anyJSON,
                    "description": string, "matchCount": integer, "appliedCount": integer, "exhausted": boolean,
                ], required: ["id"]),
            "Count": count,
            "Verify": verify,
            "Wait": object(
                [
                    "match": ref("Matcher"), "count": ref("Count"),
                    "timeout": ["type": "number", "minimum": 0, "maximum": 3600],
                ], required: ["match"], additional: false),
            "Outcome": object(
                ["ok": boolean, "message": string, "matched": array(integer), "entries": array(ref("JournalEntry"))],
                required: ["ok"]),
            "Clock": object(["now": timestamp, "mode": ["enum": ["fixed", "real"]]], required: ["now", "mode"]),
            "ClockChange": [
                "oneOf": [
                    object(["advance": number], required: ["advance"], additional: false),
                    object(["set": timestamp], required: ["set"], additional: false),
                ]
            ],
            "State": ["type": "object", "description": "The state document (StateFormat.md)."],
            "Apps": ["type": "object", "description": "Declared apps by vendor name, e.g. {\"tpns\": [\"key\"]}."],
            "InstanceCreate": [
                "type": "object",
                "description":
                    "The new engine's configuration: seed, clock {mode, start}, stateChecks, journalLimit, apps.",
            ],
            "Instance": object(
                ["id": string, "urls": object(["base": string, "admin": string], required: ["base", "admin"])],
                required: ["id", "urls"]),
            "RecordingCompare": object(
                ["recording": string, "ignore": array(string)], required: ["recording"], additional: false),
        ]
    }

    static var journalEntry: JSON {
        let message: JSONObject = [
            "headers": headerPairs, "body": string, "bodyBase64": string, "json": anyJSON, "bodyAvailable": boolean,
        ]
        var request = message
        request["method"] = string
        request["path"] = string
        request["query"] = string
        var response = message
        response["status"] = integer
        return object(
            [
                "v": ["const": 1], "seq": integer, "time": timestamp, "transport": string,
                "vendor": nullableString, "operation": nullableString, "route": nullableString,
                "params": ["type": ["object", "null"]], "app": nullableString, "device": nullableString,
                "request": .object(["type": "object", "properties": .object(request)]),
                "fault": ["type": ["object", "null"]],
                "response": .object(["type": "object", "properties": .object(response)]),
                "outcome": ["enum": ["responded", "dropped", "droppedAfterHandling"]], "delay": number,
                "deliveries": array(string), "notes": array(string),
                "proxied": object(
                    [
                        "mode": ["enum": ["proxy", "learn"]], "upstream": string, "latencyMs": integer,
                        "failure": nullableString,
                    ], required: ["mode", "upstream", "latencyMs"]),
            ], required: ["v", "seq", "time", "request", "response", "outcome"])
    }

    static var delivery: JSON {
        object(
            [
                "id": string, "vendor": string, "app": string, "notificationId": string, "deviceId": string,
                "platform": string, "token": nullableString, "payload": anyJSON, "payloadBytes": integer,
                "status": string, "createdAt": timestamp, "receivedAt": ["type": ["string", "null"]],
                "openedAt": ["type": ["string", "null"]],
            ], required: ["id", "vendor", "deviceId", "payload"])
    }

    static var matcher: JSON {
        let field: JSON = object([
            "name": string, "path": string, "equals": anyJSON, "contains": string, "present": boolean,
            "absent": boolean,
        ])
        let fields: JSON = ["oneOf": [field, array(field)]]
        return object(
            [
                "vendor": string, "operation": string, "app": string, "device": string, "method": string,
                "status": integer, "faulted": boolean, "unmatched": boolean, "header": fields, "headers": fields,
                "body": fields, "bodyFields": fields,
            ], additional: false)
    }

    static var count: JSON {
        let bound: JSON = ["type": "integer", "minimum": 0]
        return [
            "oneOf": [
                object(["exactly": bound], required: ["exactly"], additional: false),
                object(["atLeast": bound], required: ["atLeast"], additional: false),
                object(["atMost": bound], required: ["atMost"], additional: false),
                object(["never": ["const": true]], required: ["never"], additional: false),
            ]
        ]
    }

    static var verify: JSON {
        [
            "oneOf": [
                object(["match": ref("Matcher"), "count": ref("Count")], required: ["match"], additional: false),
                object(["inOrder": array(ref("Matcher"))], required: ["inOrder"], additional: false),
            ]
        ]
    }
}

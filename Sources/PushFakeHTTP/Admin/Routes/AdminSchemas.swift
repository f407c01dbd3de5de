import PushFakeCore

/// The JSON Schemas (2020-12, as OpenAPI 3.1 uses them) of the admin API's bodies: `components/schemas` of the
/// OpenAPI document. They describe the JSON forms Core writes and reads (RecordingFormat.md, StateFormat.md) as
/// strictly as Core reads them — unknown fields, types, ranges, the vendors and operations of the engine's registry
/// — so that a request the schema allows is one the server accepts, and the other way round (`scripts/check-openapi`
/// runs schemathesis to hold both). Optional members may be `null`, which Core reads as absent.
package enum AdminSchemas {
    /// `{"$ref": "#/components/schemas/<name>"}`.
    package static func ref(_ name: String) -> JSON {
        ["$ref": .string("#/components/schemas/\(name)")]
    }

    static func array(_ items: JSON, minItems: Int = 0) -> JSON {
        var schema: JSONObject = ["type": "array", "items": items]
        if minItems > 0 { schema["minItems"] = .int(minItems) }
        return .object(schema)
    }

    static func object(_ properties: JSONObject, required: [String] = [], additional: Bool = true) -> JSON {
        var schema: JSONObject = ["type": "object", "properties": .object(properties)]
        if !required.isEmpty { schema["required"] = .array(required.map(JSON.string)) }
        if !additional { schema["additionalProperties"] = false }
        return .object(schema)
    }

    /// A request object: only these members, the `required` ones present (and not `null`), the others optional
    /// and `null`able.
    static func input(_ properties: JSONObject, required: [String] = []) -> JSON {
        var members = JSONObject()
        for member in properties.members {
            members[member.key] = required.contains(member.key) ? member.value : nullable(member.value)
        }
        return object(members, required: required, additional: false)
    }

    /// `schema` or `null`.
    static func nullable(_ schema: JSON) -> JSON {
        ["anyOf": [schema, ["type": "null"]]]
    }

    static let string: JSON = ["type": "string"]
    /// What Core's readers call a non-empty string.
    static let text: JSON = ["type": "string", "minLength": 1]
    static let nullableString: JSON = ["type": ["string", "null"]]
    static let integer: JSON = ["type": "integer"]
    static let number: JSON = ["type": "number"]
    static let boolean: JSON = ["type": "boolean"]
    static let anyJSON: JSON = [:]
    static let timestamp: JSON = ["type": "string", "format": "date-time"]
    static let headerPairs: JSON = array(["type": "array", "items": ["type": "string"], "minItems": 2, "maxItems": 2])

    static func integer(_ range: ClosedRange<Int>) -> JSON {
        ["type": "integer", "minimum": .int(range.lowerBound), "maximum": .int(range.upperBound)]
    }

    static func number(_ range: ClosedRange<Double>) -> JSON {
        ["type": "number", "minimum": .double(range.lowerBound), "maximum": .double(range.upperBound)]
    }

    /// Every named schema, for an engine with these vendors.
    package static func components(vendors: VendorRegistry) -> JSONObject {
        var components: JSONObject = [
            "Error": object(["error": string], required: ["error"]),
            "Health": object(
                ["status": ["const": "ok"], "journal": anyJSON, "connections": anyJSON], required: ["status"]),
            "JournalEntry": journalEntry,
            "JournalPage": object(
                [
                    "entries": array(ref("JournalEntry")), "count": integer, "total": integer, "dropped": integer,
                ], required: ["entries", "count", "total", "dropped"]),
            "Delivery": delivery,
            "DeliveryProblem": deliveryProblem,
            "VendorName": vendorName(vendors),
            "Operation": ["type": "string", "enum": .array(vendors.allOperations.map { .string($0.rawValue) })],
            "Matcher": matcher(vendors, forFaults: false),
            "FaultMatcher": matcher(vendors, forFaults: true),
            "Fault": fault(vendors),
            "FaultScope": scope,
            "FaultRuleInput": faultRuleInput,
            "FaultRule": object(
                [
                    "id": string, "match": anyJSON, "fault": ["type": "object"], "scope": anyJSON,
                    "description": string, "matchCount": integer, "appliedCount": integer, "exhausted": boolean,
                ], required: ["id"]),
            "Count": count,
            "Verify": verify,
            "Wait": input(
                [
                    "match": ref("Matcher"), "count": ref("Count"),
                    "timeout": number(0...WaitRequest.maximumTimeout),
                ], required: ["match"]),
            "Outcome": object(
                ["ok": boolean, "message": string, "matched": array(integer), "entries": array(ref("JournalEntry"))],
                required: ["ok"]),
            "Clock": object(["now": timestamp, "mode": ["enum": ["fixed", "real"]]], required: ["now", "mode"]),
            "ClockChange": clockChange,
            "Timestamp": timestampInput,
            "Instance": object(
                [
                    "id": string, "urls": object(["base": string, "admin": string], required: ["base", "admin"]),
                    // The limit the instance got: what it asked for, at most the server's (null: none).
                    "journalLimit": nullable(integer(1...9_007_199_254_740_991)),
                ],
                required: ["id", "urls", "journalLimit"]),
            "StateLoaded": object(
                [
                    "loaded": ["const": true], "clock": ref("Clock"),
                    "vendors": [
                        "type": "object", "description": "Record counts by vendor name, then by kind of record.",
                        "additionalProperties": ["type": "object", "additionalProperties": integer],
                    ],
                    "deliveries": integer, "faults": integer,
                ], required: ["loaded", "clock", "vendors", "deliveries", "faults"]),
            "RecordingCompare": object(
                [
                    "recording": string, "ignore": array(string),
                    "maxDifferences": integer(RecordingDifference.limitRange),
                ], required: ["recording"], additional: false),
            "RecordingOutcome": object(
                ["ok": boolean, "message": string, "comparison": recordingDifference], required: ["ok", "message"]),
        ]
        for member in inputs(vendors).members { components[member.key] = member.value }
        return components
    }

    /// ``RecordingDifference/jsonValue``.
    static var recordingDifference: JSON {
        let field = object(["path": string, "recorded": anyJSON, "current": anyJSON], required: ["path"])
        let count = integer(0...Int.max)
        let line = nullable(integer(1...Int.max))
        let entry = object(
            [
                "kind": ["enum": ["onlyRecorded", "onlyCurrent", "differs"]], "recordedLine": line,
                "currentEntry": line,
                "label": string, "fields": array(field), "omittedFields": count, "distinguishingFields": array(field),
            ],
            required: [
                "kind", "recordedLine", "currentEntry", "label", "fields", "omittedFields", "distinguishingFields",
            ])
        return object(
            [
                "recordedCount": count, "currentCount": count, "differenceCount": count, "entryCount": count,
                "limit": integer(RecordingDifference.limitRange), "omittedDifferences": count, "entries": array(entry),
            ],
            required: [
                "recordedCount", "currentCount", "differenceCount", "entryCount", "limit", "omittedDifferences",
                "entries",
            ])
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
                "apns": object(["pushType": string, "priority": integer], additional: false),
                "status": ["enum": ["delivered", "failed"]], "reason": string,
                "problems": array(ref("DeliveryProblem")), "createdAt": timestamp,
                "receivedAt": ["type": ["string", "null"]], "openedAt": ["type": ["string", "null"]],
                "notes": array(string),
            ], required: ["id", "vendor", "deviceId", "payload"])
    }

    /// What the push networks' checks found in a delivery (DeliveryChecks.md).
    static var deliveryProblem: JSON {
        object(
            [
                "severity": ["enum": .array(DeliveryProblem.Severity.allCases.map { .string($0.rawValue) })],
                "code": string, "message": string, "limit": string, "measured": string,
            ], required: ["severity", "code", "message", "limit", "measured"], additional: false)
    }

    static var count: JSON {
        let bound = integer(0...RequestCount.largest)
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
                input(
                    ["match": ref("Matcher"), "count": ref("Count"), "inOrder": ["type": "null"]], required: ["match"]),
                input(
                    [
                        "inOrder": array(ref("Matcher"), minItems: 1), "match": ["type": "null"],
                        "count": ["type": "null"],
                    ],
                    required: ["inOrder"]),
            ]
        ]
    }

    /// `{"advance": seconds}` or `{"set": "<timestamp>"}`: a move that is well formed but would take the clock out
    /// of 1970…9999 is answered 409, not 400.
    static var clockChange: JSON {
        let advance = number(-ClockCommand.maximumAdvance...ClockCommand.maximumAdvance)
        return [
            "oneOf": [
                input(["advance": advance, "set": ["type": "null"]], required: ["advance"]),
                input(["set": ref("Timestamp"), "advance": ["type": "null"]], required: ["set"]),
            ]
        ]
    }

    /// What Core reads as a time (``TimeFormat``): `YYYY-MM-DD`, `T` or a space, `HH:MM:SS`, an optional fraction
    /// of 1–9 digits, an optional zone (`Z`, `UTC`, `GMT`, `±HH:MM`, `±HHMM`). Core also takes the 29th–31st of
    /// the months that have them and years 1970 and 9999 unless a zone moves the time out of them; the pattern
    /// leaves those out, so that every string it allows is one Core takes.
    static var timestampInput: JSON {
        let year = "(197[1-9]|19[89][0-9]|[2-8][0-9]{3}|9[0-8][0-9]{2}|99[0-8][0-9]|999[0-8])"
        let date = "\(year)-(0[1-9]|1[0-2])-(0[1-9]|1[0-9]|2[0-8])"
        let time = "([01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9](\\.[0-9]{1,9})?"
        let zone = "( ?(Z|UTC|GMT|[+-]([01][0-9]|2[0-3]):?[0-5][0-9]))?"
        return [
            "type": "string", "pattern": .string("^\(date)[T ]\(time)\(zone)$"),
            "description": .string(
                "A time such as 2026-01-01T00:00:00.000Z. The server also takes days 29-31 where the month has "
                    + "them and the years 1970 and 9999 while the time stays within 1970-01-01...9999-12-31 UTC."),
        ]
    }
}

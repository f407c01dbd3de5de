import PushFakeCore

/// The request schemas that depend on the engine's vendors: matchers, faults, apps, instances, state.
extension AdminSchemas {
    /// A registered vendor's name in any ASCII case (Core matches names ignoring case).
    static func vendorName(_ vendors: VendorRegistry) -> JSON {
        let names = vendors.vendors.map { JSONSchemaText.caseInsensitive($0.rawValue) }
        return [
            "type": "string", "pattern": .string("^(" + names.joined(separator: "|") + ")$"),
            "description": .string(
                "A registered vendor: " + vendors.vendors.map(\.rawValue).joined(separator: ", ") + ", in any case."),
        ]
    }

    /// The JSON matcher form (FakeBehaviour.md, Matchers). An `operation` must be one of the `vendor`'s when a
    /// vendor is given. A fault rule's matcher cannot ask for `status` or `faulted` (only `null`).
    static func matcher(_ vendors: VendorRegistry, forFaults: Bool) -> JSON {
        let token = "^[!#$%&'*+.^_`|~0-9A-Za-z-]+$"
        let header: JSON = valueMatches(nameKey: "name", equals: string)
        let body: JSON = valueMatches(nameKey: "path", equals: anyJSON)
        let headers: JSON = ["anyOf": [header, array(header)]]
        let bodies: JSON = ["anyOf": [body, array(body)]]
        var properties: JSONObject = [
            "vendor": ref("VendorName"), "operation": ref("Operation"), "app": text, "device": text,
            "method": ["type": "string", "pattern": .string(token)],
            "status": integer(RequestMatcher.statusRange), "faulted": boolean, "unmatched": boolean,
            "header": headers, "headers": headers, "body": bodies, "bodyFields": bodies,
        ]
        if forFaults {
            properties["status"] = ["type": "null"]
            properties["faulted"] = ["type": "null"]
        }
        guard case .object(var schema) = input(properties) else { return input(properties) }
        // With a vendor, only its operations.
        schema["allOf"] = .array(
            vendors.vendors.map { vendor in
                [
                    "if": [
                        "properties": [
                            "vendor": [
                                "type": "string",
                                "pattern": .string("^" + JSONSchemaText.caseInsensitive(vendor.rawValue) + "$"),
                            ]
                        ],
                        "required": ["vendor"],
                    ],
                    "then": [
                        "properties": [
                            "operation": nullable([
                                "enum": .array(vendors.operations(of: vendor).map { .string($0.rawValue) })
                            ])
                        ]
                    ],
                ]
            })
        return .object(schema)
    }

    /// `{"<nameKey>": …}` with exactly one of `equals`, `contains`, `present`, `absent`.
    private static func valueMatches(nameKey: String, equals: JSON) -> JSON {
        let operators: [(String, JSON)] = [
            ("equals", equals), ("contains", string), ("present", boolean), ("absent", boolean),
        ]
        return [
            "oneOf": .array(
                operators.map { name, schema in
                    object([nameKey: text, name: schema], required: [nameKey, name], additional: false)
                })
        ]
    }

    /// The `fault` object (FakeBehaviour.md, Faults): exactly one kind, each may add `delay`.
    static func fault(_ vendors: VendorRegistry) -> JSON {
        let delay = nullable(number(0...Fault.maximumDelay))
        var variants: [JSON] = []
        func variant(_ properties: JSONObject, required: [String]) -> JSON {
            var members = properties
            members["delay"] = delay
            return object(members, required: required, additional: false)
        }
        for key in vendors.faultKeys {
            let schemas: [JSON] =
                key.schemas.isEmpty
                ? [
                    [
                        "properties": .object(
                            JSONObject(
                                [.init(key: key.key, value: anyJSON)]
                                    + key.companions.map { .init(key: $0, value: anyJSON) })),
                        "required": [.string(key.key)],
                    ]
                ] : key.schemas
            for schema in schemas {
                let required = schema["required"]?.arrayValue?.compactMap(\.stringValue) ?? [key.key]
                variants.append(variant(schema["properties"]?.objectValue ?? [:], required: required))
            }
        }
        variants.append(variant(["status": integer(Fault.statusRange), "body": anyJSON], required: ["status"]))
        variants.append(variant(["drop": ["enum": ["connection", "response"]]], required: ["drop"]))
        variants.append(variant(["malformedBody": ["const": true]], required: ["malformedBody"]))
        variants.append(variant([:], required: ["delay"]))
        return ["oneOf": .array(variants)]
    }

    /// `"once"` (default), `"always"`, or `{"times", "after", "probability"}` (at least one).
    static var scope: JSON {
        let limits = input([
            "times": integer(FaultScope.limitRange), "after": integer(FaultScope.skipRange),
            "probability": number(0...1),
        ])
        guard case .object(var bounded) = limits else { return limits }
        bounded["anyOf"] = [
            ["required": ["times"], "properties": ["times": ["type": "integer"]]],
            ["required": ["after"], "properties": ["after": ["type": "integer"]]],
            ["required": ["probability"], "properties": ["probability": ["type": "number"]]],
        ]
        return ["anyOf": [["enum": ["once", "always", .null]], .object(bounded)]]
    }

    static var faultRuleInput: JSON {
        input(["match": ref("FaultMatcher"), "fault": ref("Fault"), "scope": ref("FaultScope")], required: ["fault"])
    }

    static func inputs(_ vendors: VendorRegistry) -> JSONObject {
        [
            "Apps": apps(vendors),
            "InstanceCreate": input([
                "seed": [
                    "anyOf": [
                        integer(0...Int.max),
                        ["type": "string", "pattern": "^[0-9]{1,19}$", "description": "Up to 18446744073709551615."],
                    ]
                ],
                "clock": [
                    "anyOf": [
                        input(["mode": ["enum": ["fixed"]], "start": ref("Timestamp")]),
                        input(["mode": ["const": "real"], "start": ["type": "null"]]),
                    ]
                ],
                "stateChecks": boolean, "journalLimit": integer(1...9_007_199_254_740_991), "apps": ref("Apps"),
            ]),
            "State": state,
            "StateDump": stateDump,
        ]
    }

    /// Apps by vendor name: TPNS application keys, TwinPush `{id, apiToken, creatorToken}`; vendors without a known
    /// form take any array. The server also takes the names in any other case (once each); the schema lists them as
    /// registered, which keeps a document from naming a vendor twice in two spellings.
    static func apps(_ vendors: VendorRegistry) -> JSON {
        var properties = JSONObject()
        for vendor in vendors.vendors {
            let items: JSON
            switch vendor.rawValue {
            case "tpns": items = text
            case "twinPush":
                items = object(
                    ["id": text, "apiToken": text, "creatorToken": text], required: ["id", "apiToken", "creatorToken"],
                    additional: false)
            default: items = anyJSON
            }
            properties[vendor.rawValue] = array(items)
        }
        return [
            "type": "object", "properties": .object(properties), "additionalProperties": false,
            "description": "Declared apps by vendor name, e.g. {\"tpns\": [\"APPKEY\"]}.",
        ]
    }

    /// The state document (StateFormat.md) as `PUT /__pushfake/state` reads it: its sections; what is inside
    /// `ids`, `vendors`, `deliveries` and `faults` (ids, references between them) is checked by the server and only
    /// outlined here.
    static var state: JSON {
        let section: JSON = ["type": "object"]
        return input([
            "version": ["const": 1],
            "clock": input(["mode": ["enum": ["fixed", "real"]], "now": ref("Timestamp")]),
            "ids": section, "apps": ref("Apps"), "vendors": section, "deliveries": array(section),
            "faults": array(section),
        ])
    }

    /// The state document as the server writes it (`GET`, and the answer of `PUT`).
    static var stateDump: JSON {
        object(
            [
                "version": ["const": 1], "clock": ref("Clock"), "ids": ["type": "object"], "apps": ["type": "object"],
                "vendors": ["type": "object"], "deliveries": array(ref("Delivery")), "faults": array(ref("FaultRule")),
            ], required: ["version", "clock", "ids", "apps", "vendors", "deliveries", "faults"])
    }
}

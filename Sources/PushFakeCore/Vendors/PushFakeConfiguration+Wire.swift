import Foundation

extension PushFakeConfiguration: WireType, WireForm {
    /// The JSON form `POST /__pushfake/instances` takes (component `InstanceCreate`): seed, clock, state checks,
    /// journal limit and apps, every key optional (``init(json:vendors:)``, ``jsonValue``).
    public static let wire = WireDescription<PushFakeConfiguration>(
        name: "InstanceCreate",
        formSchema: { schemas in
            let timestamp = WireCodec<Date>.date.schema(&schemas)
            let apps = schemas.component("Apps") { VendorRegistry.appsSchema(&$0) }
            let null: JSON = ["type": "null"]
            let members: JSONObject = [
                "seed": [
                    "anyOf": [
                        ["type": "integer", "minimum": 0, "maximum": .int(Int.max)],
                        [
                            "type": "string", "pattern": "^[0-9]{1,19}$",
                            "description": "Up to 18446744073709551615.",
                        ],
                    ]
                ],
                "clock": [
                    "anyOf": [
                        WireSchemas.object([
                            "mode": WireSchemas.nullable(["enum": ["fixed"]]),
                            "start": WireSchemas.nullable(timestamp),
                        ]),
                        WireSchemas.object([
                            "mode": WireSchemas.nullable(["const": "real"]), "start": WireSchemas.nullable(null),
                        ]),
                    ]
                ],
                "stateChecks": ["type": "boolean"],
                "journalLimit": [
                    "type": "integer", "minimum": .int(journalLimitRange.lowerBound),
                    "maximum": .int(journalLimitRange.upperBound),
                ],
                "apps": apps,
            ]
            var nullable = JSONObject()
            for member in members.members { nullable[member.key] = WireSchemas.nullable(member.value) }
            return WireSchemas.object(nullable)
        })
}

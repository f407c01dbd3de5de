extension FaultScope: WireType {
    /// `"once"` (default), `"always"`, or `{"times", "after", "probability"}` (at least one): component `FaultScope`.
    public static let wire = WireDescription<FaultScope>(
        name: "FaultScope",
        codec: .reader(
            { (json, _) throws(JSONFieldError) -> FaultScope in try FaultScope(json: json) },
            write: \.jsonValue,
            schema: { _ in
                let limits: JSONObject = [
                    "times": WireSchemas.nullable(
                        [
                            "type": "integer", "minimum": .int(limitRange.lowerBound),
                            "maximum": .int(limitRange.upperBound),
                        ]),
                    "after": WireSchemas.nullable(
                        [
                            "type": "integer", "minimum": .int(skipRange.lowerBound),
                            "maximum": .int(skipRange.upperBound),
                        ]),
                    "probability": WireSchemas.nullable(["type": "number", "minimum": 0.0, "maximum": 1.0]),
                ]
                guard case .object(var bounded) = WireSchemas.object(limits) else { return [:] }
                bounded["anyOf"] = [
                    ["required": ["times"], "properties": ["times": ["type": "integer"]]],
                    ["required": ["after"], "properties": ["after": ["type": "integer"]]],
                    ["required": ["probability"], "properties": ["probability": ["type": "number"]]],
                ]
                return ["anyOf": [["enum": ["once", "always", .null]], .object(bounded)]]
            }))
}

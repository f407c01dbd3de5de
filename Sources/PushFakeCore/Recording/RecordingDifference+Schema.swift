extension RecordingDifference {
    /// The JSON Schema of ``jsonValue``: the `comparison` of a recording comparison's answer.
    public static var schema: JSON {
        let string: JSON = ["type": "string"]
        let field = WireSchemas.object(
            ["path": string, "recorded": [:], "current": [:]], required: ["path"], closed: false)
        let count: JSON = ["type": "integer", "minimum": 0, "maximum": .int(Int.max)]
        let line = WireSchemas.nullable(["type": "integer", "minimum": 1, "maximum": .int(Int.max)])
        let limit: JSON = [
            "type": "integer", "minimum": .int(limitRange.lowerBound), "maximum": .int(limitRange.upperBound),
        ]
        let entry = WireSchemas.object(
            [
                "kind": ["enum": ["onlyRecorded", "onlyCurrent", "differs"]], "recordedLine": line,
                "currentEntry": line,
                "label": string, "fields": ["type": "array", "items": field], "omittedFields": count,
                "distinguishingFields": ["type": "array", "items": field],
            ],
            required: [
                "kind", "recordedLine", "currentEntry", "label", "fields", "omittedFields", "distinguishingFields",
            ], closed: false)
        return WireSchemas.object(
            [
                "recordedCount": count, "currentCount": count, "differenceCount": count, "entryCount": count,
                "limit": limit, "omittedDifferences": count, "entries": ["type": "array", "items": entry],
            ],
            required: [
                "recordedCount", "currentCount", "differenceCount", "entryCount", "limit", "omittedDifferences",
                "entries",
            ], closed: false)
    }
}

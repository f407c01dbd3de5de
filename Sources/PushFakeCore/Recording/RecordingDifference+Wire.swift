extension RecordingDifference: WireType {
    /// The report for programs: the `comparison` of `POST /__pushfake/recordings/compare`'s 409 (described inline in
    /// component `RecordingOutcome`; RecordingFormat.md, "Comparing with a recording").
    public static let wire = WireDescription<RecordingDifference>(
        RecordingDifference(
            recordedCount: 0, currentCount: 0, entries: [], differenceCount: 0, entryCount: 0, limit: 1),
        fields: [
            .required("recordedCount", \.recordedCount, .count, "Lines in the recording."),
            .required("currentCount", \.currentCount, .count, "Entries in the current traffic."),
            .required("differenceCount", \.differenceCount, .count, "All differences."),
            .required("entryCount", \.entryCount, .count, "All entries with a difference."),
            .required("limit", \.limit, .int(in: limitRange), "The most differences listed."),
            .derived("omittedDifferences", \.omittedDifferences, .count, "Differences not listed."),
            .required("entries", \.entries, .array(Entry.wire.codec), "The entries listed, in order."),
        ], answer: true)
}

extension RecordingDifference.Entry {
    /// One entry that differs or that only one side has.
    static let wire = WireDescription<RecordingDifference.Entry>(
        RecordingDifference.Entry(
            kind: .differs, recordedLine: nil, currentEntry: nil, label: "", distinguishingFields: [], fields: [],
            omittedFields: 0),
        fields: [
            .required("kind", \.kind, .choice, "Only in the recording, only in the current traffic, or different."),
            .optional("recordedLine", \.recordedLine, line, writesNull: true, "The recording's line, from 1."),
            .optional("currentEntry", \.currentEntry, line, writesNull: true, "The place among the current entries."),
            .required("label", \.label, .string, "What the request did."),
            .required("fields", \.fields, .array(FieldDifference.codec), "The differing fields shown."),
            .required("omittedFields", \.omittedFields, .count, "Differing fields left out by the limit."),
            .required(
                "distinguishingFields", \.distinguishingFields, .array(FieldDifference.codec),
                "For an entry on one side only, the fields that tell it apart from its neighbours."),
        ], answer: true)

    private static var line: WireCodec<Int> { .int(in: 1...Int.max) }
}

extension FieldDifference {
    /// `{"path", "recorded", "current"}`, a side left out when the field is absent there. By hand, since `null` is
    /// a value here (a field recorded as `null`), where descriptions read `null` as absent.
    static let codec = WireCodec<FieldDifference>(
        read: { (json, path, context) throws(JSONFieldError) -> FieldDifference in
            let fields = try JSONFields(json, path: path, allowed: ["path", "recorded", "current"])
            let object = json.objectValue ?? JSONObject()
            return FieldDifference(
                path: try WireCodec<String>.string.read(try fields.required("path"), fields.childPath("path"), context),
                recorded: object["recorded"], current: object["current"])
        },
        write: { field in
            var object: JSONObject = ["path": .string(field.path)]
            if let recorded = field.recorded { object["recorded"] = recorded }
            if let current = field.current { object["current"] = current }
            return .object(object)
        },
        schema: { _ in
            WireSchemas.object(["path": ["type": "string"], "recorded": [:], "current": [:]], required: ["path"])
        })
}

import PushFakeCore

/// The query of `GET /__pushfake/journal`: its filters and export format.
package struct JournalQuery: AdminQuery {
    package var vendor: String?
    package var operation: String?
    package var app: String?
    package var device: String?
    package var status: Int?
    package var unmatched: Bool?
    package var faulted: Bool?
    package var since: Int?
    /// `json` (default), `jsonl` or `har`.
    package var format: String?
    package var redactAppKeys: Bool?
    /// At most this many entries (in every format); the JSON answer then says where the next page starts.
    package var limit: Int?

    package init() {}

    package static let fields: [AdminQueryField<JournalQuery>] = [
        .vendor(\.vendor, AdminOperations.vendorFilter),
        .operation(\.operation, "Only this operation (of the vendor, when one is given)."),
        .text("app", \.app, "Only requests about this app."),
        .text("device", \.device, "Only requests about this device."),
        .integer("status", \.status, "Only answers with this status.", minimum: 100, maximum: 599),
        .flag("unmatched", \.unmatched, "Only unmatched (true) or only routed (false) requests."),
        .flag("faulted", \.faulted, "Only faulted (true) or unfaulted (false) requests."),
        .integer("since", \.since, "Only entries after this sequence number.", minimum: 0),
        .choice("format", \.format, "json (default), jsonl (a recording) or har.", ["json", "jsonl", "har"]),
        .flag(
            "redactAppKeys", \.redactAppKeys,
            "true: the recording (jsonl, har) also replaces TPNS application keys by ${secret:tpns-app-key}."),
        .limit(\.limit, "entries"),
    ]
}

/// The query of `GET /__pushfake/deliveries`.
package struct DeliveriesQuery: AdminQuery {
    package var vendor: String?
    package var device: String?
    package var notification: String?
    package var app: String?
    /// Only deliveries after the `since`-th one made since the last reset or state load: the cursor of a page.
    package var since: Int?
    /// At most this many deliveries; the answer then says where the next page starts.
    package var limit: Int?

    package init() {}

    package static let fields: [AdminQueryField<DeliveriesQuery>] = [
        .vendor(\.vendor, AdminOperations.vendorFilter),
        .text("device", \.device, "Only deliveries to this device."),
        .text("notification", \.notification, "Only deliveries of this notification."),
        .text("app", \.app, "Only deliveries of this app."),
        .integer(
            "since", \.since,
            "Only deliveries made after the since-th since the last reset or state load (a page's next).", minimum: 0),
        .limit(\.limit, "deliveries"),
    ]
}

/// The query of `GET /__pushfake/devices` and `GET /__pushfake/notifications`: one vendor's only.
package struct VendorQuery: AdminQuery {
    package var vendor: String?

    package init() {}

    package static let fields: [AdminQueryField<VendorQuery>] = [.vendor(\.vendor, AdminOperations.vendorFilter)]
}

/// `POST /__pushfake/recordings/compare`: the recording (JSON Lines, or the JSON form) and how many differences
/// to list.
package struct RecordingCompareInput: AdminQuery {
    /// `{"recording": "…", "ignore": […], "maxDifferences": N}`, or `nil` for ``lines``.
    package var document: JSON?
    /// The recording as JSON Lines, sent as the body when ``document`` is `nil`.
    package var lines: String?
    package var maxDifferences: Int?

    package init() {}

    package static let fields: [AdminQueryField<RecordingCompareInput>] = [
        .integer(
            "maxDifferences", \.maxDifferences,
            "List at most this many differences (default 100); the rest are counted.",
            minimum: RecordingDifference.limitRange.lowerBound, maximum: RecordingDifference.limitRange.upperBound)
    ]

    /// The input: the query above, and the recording as the body.
    static var input: AdminInput<RecordingCompareInput> {
        AdminInput(
            query: fields.map(\.parameter),
            body: AdminBody(
                description:
                    "The recording: JSON Lines as the body, or {\"recording\": …, \"ignore\": […], \"maxDifferences\": N}.",
                content: [
                    ("application/x-ndjson", AdminSchemas.string),
                    ("application/json", AdminSchemas.ref("RecordingCompare")),
                ]),
            write: { comparison in
                var parts = AdminRequestParts(query: items(of: comparison))
                if let document = comparison.document {
                    parts.body = document.serialized()
                } else {
                    parts.body = Array((comparison.lines ?? "").utf8)
                    parts.contentType = "application/x-ndjson"
                }
                return parts
            },
            read: { parts, _ in
                var comparison = RecordingCompareInput(items: parts.query)
                let text = String(decoding: parts.body ?? [], as: UTF8.self)
                comparison.document = try? JSON.parse(parts.body ?? [])
                if comparison.document?.objectValue == nil { comparison.lines = text }
                return comparison
            })
    }
}

import PushFakeCore

extension AdminAPI {
    /// `POST /__pushfake/recordings/compare`: the journal against a JSON Lines recording, with the same rules and
    /// diff as `assertMatchesRecording` (one implementation, in Core: RecordingFormat.md). The body is the
    /// recording itself (`application/x-ndjson`), or `{"recording": "<JSON Lines>", "ignore": ["time", …],
    /// "maxDifferences": N}`; `?maxDifferences=N` works for both. A difference answers 409 with the report as
    /// `message` and as `comparison` (``RecordingDifference``).
    /// Compared with `journal`, the snapshot taken when the request came (off the event loops when either is large).
    func compareRecording(_ request: FakeRequest, journal: Journal) -> FakeResponse {
        let text: String
        var ignored: [String] = []
        // The route table has checked the query's value.
        var limit = Self.query(request)["maxDifferences"].flatMap { Int($0) } ?? RecordingDifference.defaultLimit
        let type = request.headers["Content-Type"]?.lowercased() ?? ""
        if type.hasPrefix("application/x-ndjson") {
            text = String(decoding: request.body, as: UTF8.self)
        } else {
            guard case .success(let json) = body(of: request), let object = json.objectValue else {
                return Self.badRequest(
                    #"send the recording as application/x-ndjson, or {"recording": "…", "ignore": […]} as JSON"#)
            }
            for member in object.members where !["recording", "ignore", "maxDifferences"].contains(member.key) {
                return Self.badRequest("unknown field \(member.key); use recording, ignore, maxDifferences")
            }
            if let value = object["maxDifferences"] {
                let range = RecordingDifference.limitRange
                guard let number = value.intValue, range.contains(number) else {
                    return Self.badRequest(
                        "maxDifferences must be a whole number in \(range.lowerBound)...\(range.upperBound), not "
                            + value.serializedString())
                }
                limit = number
            }
            guard let recording = object["recording"]?.stringValue else {
                return Self.badRequest("recording must be a string holding JSON Lines")
            }
            text = recording
            if let list = object["ignore"] {
                guard let paths = list.arrayValue?.compactMap(\.stringValue), paths.count == list.arrayValue?.count
                else { return Self.badRequest("ignore must be an array of dotted paths") }
                ignored = paths
            }
        }
        var options = RecordingOptions.standard
        options.ignoredFields.formUnion(ignored)
        // A recording written with the identifiers redacted (`--redact-app-keys`) is compared with them redacted,
        // so the placeholder matches the real key the replay put back.
        options.redaction = server.configuration.recordingRedaction
        options.secrets = journal.secretIndex.rules
        if journal.secretIndex.rules.identifierNames.contains(where: { text.contains(SecretPlaceholder.text($0)) }) {
            options.redaction.redactsAppKeys = true
        }
        let entries = journal.entries
        let recorded = RecordingComparison.lines(ofJSONLines: text)
        if let difference = RecordingComparison.compare(
            recorded: recorded, entries: entries, options: options, limit: limit)
        {
            return .answer(
                409,
                RecordingOutcome(ok: false, message: difference.description, comparison: difference))
        }
        return .answer(200, RecordingOutcome(ok: true, message: "the journal matches the recording"))
    }
}

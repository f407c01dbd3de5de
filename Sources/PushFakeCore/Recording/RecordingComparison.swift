/// Compares journal entries with a JSON Lines recording: the canonical form recordings store and the readable,
/// field-level difference `assertMatchesRecording` (PushFakeTesting) prints. RecordingFormat.md, "Comparing with a
/// recording", describes both; every comparison of recorded traffic goes through here.
///
/// ```swift
/// let text = try String(contentsOfFile: "fixtures/recordings/tpns-register-and-send.jsonl", encoding: .utf8)
/// if let difference = RecordingComparison.difference(recording: text, entries: fake.journal.entries) {
///     print(difference)
/// }
/// ```
public enum RecordingComparison {
    /// The entries as canonical JSON lines, oldest first: what a recording stores and what is compared.
    public static func canonicalLines(_ entries: [JournalEntry], options: RecordingOptions = .standard) -> [JSON] {
        var redactor = RecordingRedactor(options.redaction)
        return entries.map { canonical(redactor.redact($0), options: options) }
    }

    /// The lines of a JSON Lines text, parsed; a line that is not JSON is kept as a string, so that it shows up in
    /// the difference instead of failing the whole comparison. Empty lines are skipped.
    public static func lines(ofJSONLines text: String) -> [JSON] {
        text.split(omittingEmptySubsequences: true, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
            .map { line in (try? JSON.parse(String(line))) ?? .string(String(line)) }
    }

    /// How the current `entries` differ from the recorded lines, as the text `assertMatchesRecording` prints after
    /// its heading, or `nil` when they match.
    ///
    /// The recorded lines are made canonical too (ignored fields removed, client-added headers dropped), so a field
    /// ignored today is ignored in old files, and a whole JSON Lines export compares like a canonical recording. At most `limit` differing entries are described, each with up to twelve fields.
    public static func difference(
        recorded: [JSON], entries: [JournalEntry], options: RecordingOptions = .standard, limit: Int = 3
    ) -> String? {
        let expected = recorded.map { canonical(line: $0, options: options) }
        return difference(expected: expected, actual: canonicalLines(entries, options: options), limit: limit)
    }

    /// ``difference(recorded:entries:options:limit:)`` on the text of a JSON Lines recording.
    public static func difference(
        recording text: String, entries: [JournalEntry], options: RecordingOptions = .standard, limit: Int = 3
    ) -> String? {
        difference(recorded: lines(ofJSONLines: text), entries: entries, options: options, limit: limit)
    }

    /// The (redacted) entry as compared: its JSON Lines object minus ignored fields, client-added headers and the
    /// response's `Date`.
    ///
    /// The kept headers are sorted by name (stably, so repeats of one name keep their order): the order of
    /// different headers means nothing in HTTP, and URLSession on Linux sends them in the order of a `Dictionary`,
    /// which changes from one process to the next, while the URLProtocol host sees them sorted.
    static func canonical(_ entry: JournalEntry, options: RecordingOptions) -> JSON {
        canonical(line: entry.jsonValue, options: options)
    }

    /// ``canonical(_:options:)`` of a line as read from a file: a canonical line stays as it is, and a line
    /// exported whole (`pushfake journal --format jsonl`) becomes canonical, so either kind of file compares.
    static func canonical(line: JSON, options: RecordingOptions) -> JSON {
        var value = line
        let kept = Set(options.comparedRequestHeaders.map { $0.lowercased() })
        if case .object(var object) = value, case .object(var request)? = object["request"] {
            let headers = request["headers"]?.arrayValue ?? []
            let compared = headers.compactMap { pair -> (name: String, value: JSON)? in
                guard let name = pair[0]?.stringValue?.lowercased(), kept.contains(name) else { return nil }
                return (name, pair[1] ?? .null)
            }
            let sorted = compared.enumerated().sorted { ($0.element.name, $0.offset) < ($1.element.name, $1.offset) }
            request["headers"] = .array(sorted.map { [.string($0.element.name), $0.element.value] })
            object["request"] = .object(request)
            value = .object(object)
        }
        // A response's Date is the clock of whoever answered (a real vendor's through the proxy), and the entry's
        // `time` already says when: it never makes two recordings differ (FakeBehaviour.md, "HTTP").
        if case .object(var object) = value, case .object(var response)? = object["response"],
            let headers = response["headers"]?.arrayValue
        {
            response["headers"] = .array(headers.filter { $0[0]?.stringValue?.lowercased() != "date" })
            object["response"] = .object(response)
            value = .object(object)
        }
        for path in options.ignoredFields.sorted() { value = value.removing(path) }
        return value
    }

    /// A readable account of how `actual` differs from `expected`, or `nil` when they are equal.
    static func difference(expected: [JSON], actual: [JSON], limit: Int) -> String? {
        guard expected != actual else { return nil }
        var lines: [String] = []
        if expected.count != actual.count {
            lines.append("the recording has \(expected.count) entries, the current traffic \(actual.count)")
        }
        var shown = 0
        for index in 0..<max(expected.count, actual.count) where shown < limit {
            // `JSON` is nil-literal expressible: a bare `nil` here would be `.null`, not a missing entry.
            let old: JSON? = index < expected.count ? .some(expected[index]) : .none
            let new: JSON? = index < actual.count ? .some(actual[index]) : .none
            guard old != new else { continue }
            shown += 1
            lines.append("entry \(index + 1) (\(summary(new ?? old ?? .null))):")
            switch (old, new) {
            case (let old?, let new?):
                lines += FieldDifference.between(old, new).prefix(12).map { "  \($0)" }
            case (nil, _?):
                lines.append("  only in the current traffic")
            case (_?, nil):
                lines.append("  only in the recording")
            default:
                break
            }
        }
        return lines.joined(separator: "\n")
    }

    private static func summary(_ line: JSON) -> String {
        let method = line["request"]?["method"]?.stringValue ?? "?"
        let path = line["request"]?["path"]?.stringValue ?? "?"
        return "\(method) \(path)"
    }
}

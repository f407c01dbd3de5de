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
        var redactor = RecordingRedactor(options.redaction, table: SecretTable(options.secrets))
        return entries.map { canonical(redactor.redact($0), options: options) }
    }

    /// The lines of a JSON Lines text, parsed; a line that is not JSON is kept as a string, so that it shows up in
    /// the difference instead of failing the whole comparison. Empty lines are skipped.
    public static func lines(ofJSONLines text: String) -> [JSON] {
        text.split(omittingEmptySubsequences: true, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
            .map { line in (try? JSON.parse(String(line))) ?? .string(String(line)) }
    }

    /// How the current `entries` differ from the recorded lines — entries on one side only, named by what they did,
    /// and the differing fields of the others — or `nil` when they match.
    ///
    /// The recorded lines are made canonical too (ignored fields removed, client-added headers dropped), so a field
    /// ignored today is ignored in old files, and a whole JSON Lines export compares like a canonical recording. At
    /// most `limit` differences are listed (RecordingDifference/defaultLimit), the rest counted.
    public static func compare(
        recorded: [JSON], entries: [JournalEntry], options: RecordingOptions = .standard,
        limit: Int = RecordingDifference.defaultLimit
    ) -> RecordingDifference? {
        let expected = recorded.map { canonical(line: $0, options: options) }
        return compare(expected: expected, actual: canonicalLines(entries, options: options), limit: limit)
    }

    /// ``compare(recorded:entries:options:limit:)`` as the text `assertMatchesRecording` prints after its heading
    /// (``RecordingDifference/description``).
    public static func difference(
        recorded: [JSON], entries: [JournalEntry], options: RecordingOptions = .standard,
        limit: Int = RecordingDifference.defaultLimit
    ) -> String? {
        compare(recorded: recorded, entries: entries, options: options, limit: limit)?.description
    }

    /// ``difference(recorded:entries:options:limit:)`` on the text of a JSON Lines recording.
    public static func difference(
        recording text: String, entries: [JournalEntry], options: RecordingOptions = .standard,
        limit: Int = RecordingDifference.defaultLimit
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

    /// How `actual` differs from `expected` (canonical lines both), or `nil` when they are equal.
    static func compare(expected: [JSON], actual: [JSON], limit: Int) -> RecordingDifference? {
        guard expected != actual else { return nil }
        let limit = min(
            max(limit, RecordingDifference.limitRange.lowerBound), RecordingDifference.limitRange.upperBound)
        var listed: [RecordingDifference.Entry] = []
        var budget = limit
        var differenceCount = 0
        var entryCount = 0
        for step in EntryAlignment.align(recorded: expected, current: actual) {
            switch step {
            case .pair(let recorded, let current):
                guard expected[recorded] != actual[current] else { continue }
                var fields = withoutRawBodies(FieldDifference.between(expected[recorded], actual[current]))
                // `seq` is the entry's place, and an entry more or less before it is reported already.
                if recorded != current { fields.removeAll { $0.path == "seq" } }
                if fields.isEmpty {
                    guard expected[recorded].removing("seq") != actual[current].removing("seq") else { continue }
                    fields = [FieldDifference(path: "", recorded: expected[recorded], current: actual[current])]
                }
                entryCount &+= 1
                differenceCount &+= fields.count
                guard budget > 0 else { continue }
                let shown = Array(fields.prefix(budget))
                budget &-= shown.count
                listed.append(
                    RecordingDifference.Entry(
                        kind: .differs, recordedLine: recorded &+ 1, currentEntry: current &+ 1,
                        label: label(actual[current]), distinguishingFields: [], fields: shown,
                        omittedFields: fields.count &- shown.count))
            case .recordedOnly(let index), .currentOnly(let index):
                let onlyRecorded = step == .recordedOnly(index)
                entryCount &+= 1
                differenceCount &+= 1
                guard budget > 0 else { continue }
                budget &-= 1
                let side = onlyRecorded ? expected : actual
                listed.append(
                    RecordingDifference.Entry(
                        kind: onlyRecorded ? .onlyRecorded : .onlyCurrent,
                        recordedLine: onlyRecorded ? index &+ 1 : nil, currentEntry: onlyRecorded ? nil : index &+ 1,
                        label: label(side[index]), distinguishingFields: distinguishingFields(index, in: side),
                        fields: [], omittedFields: 0))
            }
        }
        return RecordingDifference(
            recordedCount: expected.count, currentCount: actual.count, entries: listed,
            differenceCount: differenceCount, entryCount: entryCount, limit: limit)
    }

    /// `fields` without the raw `body` of a request or response whose parsed `json` differs too: the same
    /// difference, told twice and less readably.
    static func withoutRawBodies(_ fields: [FieldDifference]) -> [FieldDifference] {
        let parsed = Set(
            fields.compactMap { field in
                ["request", "response"].first { field.path.hasPrefix($0 + ".json") }
            })
        guard !parsed.isEmpty else { return fields }
        return fields.filter { field in !parsed.contains { field.path == $0 + ".body" } }
    }

    /// `tpns.register app=APPKEY device=D1, POST /TPNS/api/device/register`; `unmatched, GET /x`.
    static func label(_ line: JSON) -> String {
        guard line.objectValue != nil else { return "a line that is not a JSON object" }
        var what = "unmatched"
        if let vendor = line["vendor"]?.stringValue, let operation = line["operation"]?.stringValue {
            what = "\(vendor).\(operation)"
        }
        if let app = line["app"]?.stringValue { what += " app=\(app)" }
        if let device = line["device"]?.stringValue { what += " device=\(device)" }
        let method = line["request"]?["method"]?.stringValue ?? "?"
        let path = line["request"]?["path"]?.stringValue ?? "?"
        return "\(what), \(method) \(path)"
    }

    /// How far on each side ``distinguishingFields(_:in:)`` looks for a neighbour of the same route.
    static let neighbourWindow = 1_000

    /// The request body fields of `lines[index]` that differ from its nearest neighbours of the same method and
    /// route on its side (at most four), with its values: what tells one of many registers apart.
    static func distinguishingFields(_ index: Int, in lines: [JSON]) -> [FieldDifference] {
        let line = lines[index]
        func sameRoute(_ other: JSON) -> Bool {
            other["request"]?["method"] == line["request"]?["method"]
                && (other["route"] ?? other["request"]?["path"]) == (line["route"] ?? line["request"]?["path"])
        }
        let before = lines[max(0, index &- neighbourWindow)..<index].lastIndex(where: sameRoute)
        let after = lines[min(index &+ 1, lines.count)..<min(lines.count, index &+ 1 &+ neighbourWindow)]
            .firstIndex(where: sameRoute)
        let body = line["request"]?["json"] ?? .null
        var found: [FieldDifference] = []
        for neighbour in [before, after].compactMap({ $0 }) {
            let theirs = lines[neighbour]["request"]?["json"] ?? .null
            for difference in FieldDifference.between(theirs, body) where difference.current != nil {
                let separator = difference.path.isEmpty || difference.path.hasPrefix("[") ? "" : "."
                let path = "request.json" + separator + difference.path
                guard !found.contains(where: { $0.path == path }) else { continue }
                found.append(FieldDifference(path: path, recorded: nil, current: difference.current))
            }
        }
        return Array(found.prefix(4))
    }
}

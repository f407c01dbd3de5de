import Foundation

extension JournalEntry {
    /// The version of the JSON Lines schema written by ``jsonValue`` (the `v` field of every line).
    public static let schemaVersion = 1

    /// The entry as one JSON object: the JSON Lines export schema, version ``schemaVersion`` (RecordingFormat.md),
    /// with every value as the engine saw it. Exports that are recordings (``jsonLine``, ``Journal/jsonLines(matching:redaction:)``,
    /// the HAR export) first replace secrets by placeholders (``RecordingRedactor``); this object does not, so the
    /// in-memory journal and `GET /__pushfake/journal` keep the real values.
    ///
    /// Bodies appear twice: `body` is the raw text (or `bodyBase64` when not UTF-8) for byte fidelity, `json` the
    /// parsed value (or `null`) for `jq`. Headers are `[name, value]` pairs in wire order.
    public var jsonValue: JSON {
        // Each of these is rebuilt from the entry's bytes on every read: read once.
        let request = self.request
        let response = self.response
        let route = self.route
        let vendor = self.vendor
        var object: JSONObject = [
            "v": .int(Self.schemaVersion), "seq": .int(sequence), "time": .string(TimeFormat.iso8601(time)),
            "transport": .string(request.transport.rawValue),
            "vendor": vendor.map { .string($0.rawValue) } ?? .null,
            "operation": route.map { .string($0.operation.rawValue) } ?? .null,
            "route": route.map { .string($0.template) } ?? .null,
        ]
        object["params"] = route.map { Self.sortedObject($0.parameters) } ?? .null
        object["app"] = app.map(JSON.string) ?? .null
        object["device"] = device.map(JSON.string) ?? .null
        var requestObject: JSONObject = [
            "method": .string(request.method), "path": .string(request.path), "query": .string(request.query),
            "headers": Self.headerPairs(request.headers),
        ]
        Self.addBody(request.body, to: &requestObject)
        if !request.bodyAvailable { requestObject["bodyAvailable"] = false }
        object["request"] = .object(requestObject)
        object["fault"] =
            fault.map {
                ["id": .string($0.ruleID), "description": .string($0.fault.description), "fault": $0.fault.jsonValue]
            } ?? .null
        var responseObject: JSONObject = [
            "status": .int(response.status), "headers": Self.headerPairs(response.headers),
        ]
        Self.addBody(response.body, to: &responseObject)
        object["response"] = .object(responseObject)
        object["outcome"] = .string(outcome.rawValue)
        object["delay"] = .double(delay)
        object["deliveries"] = .array(deliveryIDs.map(JSON.string))
        object["notes"] = .array(notes.map(JSON.string))
        // Only on entries a server in front of an upstream forwarded, so the lines of every other entry (and the
        // recordings made before proxying existed) stay as they were.
        if let proxied { object["proxied"] = proxied.jsonValue }
        return .object(object)
    }

    /// One line of the JSON Lines export (no trailing newline), secrets replaced by placeholders as if the entry
    /// were the only one exported (``RecordingRedaction/standard``). Export several entries with
    /// ``Journal/jsonLines(_:redaction:)`` so that distinct secrets get distinct placeholders across lines.
    public var jsonLine: String {
        var redactor = RecordingRedactor()
        return redactor.redact(self).jsonValue.serializedString()
    }

    static func headerPairs(_ headers: HTTPHeaders) -> JSON {
        .array(headers.fields.map { [.string($0.name), .string($0.value)] })
    }

    static func addBody(_ body: [UInt8], to object: inout JSONObject) {
        if let text = String(validatingUTF8Bytes: body) {
            object["body"] = .string(text)
        } else {
            object["bodyBase64"] = .string(Data(body).base64EncodedString())
        }
        object["json"] = body.isEmpty ? .null : ((try? JSON.parse(body)) ?? .null)
    }

    static func sortedObject(_ dictionary: [String: String]) -> JSON {
        .object(
            JSONObject(
                dictionary.keys.sorted().map { JSONObject.Member(key: $0, value: .string(dictionary[$0] ?? "")) }))
    }
}

extension Journal {
    /// The journal as JSON Lines: one ``JournalEntry/jsonValue`` per line, oldest first, newline-terminated, with
    /// secrets replaced by placeholders numbered as the journal numbers them (RecordingFormat.md, "Secrets and
    /// placeholders").
    public func jsonLines(matching matcher: RequestMatcher = .any, redaction: RecordingRedaction = .standard) -> String
    {
        jsonLines(of: entries(matching: matcher), redaction: redaction)
    }

    /// Some of this journal's entries as JSON Lines, their secrets numbered as the whole journal numbers them
    /// (``redactor(_:)``): the same lines the event stream sends for them.
    public func jsonLines(of entries: [JournalEntry], redaction: RecordingRedaction = .standard) -> String {
        var redactor = redactor(redaction)
        return entries.map { redactor.redact($0).jsonValue.serializedString() + "\n" }.joined()
    }

    /// The given entries as JSON Lines, redacted by one new ``RecordingRedactor``: numbered within these entries.
    public static func jsonLines(_ entries: [JournalEntry], redaction: RecordingRedaction = .standard) -> String {
        var redactor = RecordingRedactor(redaction)
        return entries.map { redactor.redact($0).jsonValue.serializedString() + "\n" }.joined()
    }
}

extension String {
    /// The text when `bytes` are valid UTF-8, else `nil` (no replacement characters).
    init?(validatingUTF8Bytes bytes: [UInt8]) {
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        var scalars = String.UnicodeScalarView()
        loop: while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): scalars.append(scalar)
            case .emptyInput: break loop
            case .error: return nil
            }
        }
        self = String(scalars)
    }
}

/// Reads PushFake's JSON Lines recordings (RecordingFormat.md, "JSON Lines entries"): one journal line per request,
/// `"v": 1`. Only the fields replay needs are read; each is type-checked.
enum JSONLinesRecordingReader {
    static func exchanges(of text: String) throws(RecordingError) -> [RecordedExchange] {
        var exchanges: [RecordedExchange] = []
        var number = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            number += 1
            let trimmed = line.hasSuffix("\r") ? line.dropLast() : line[...]
            guard !trimmed.allSatisfy({ $0 == " " || $0 == "\t" }) else { continue }
            exchanges.append(try exchange(String(trimmed), line: number))
        }
        guard !exchanges.isEmpty else {
            throw RecordingError(location: "", problem: "the recording has no entries (an empty JSON Lines file)")
        }
        return exchanges
    }

    private static func exchange(_ text: String, line number: Int) throws(RecordingError) -> RecordedExchange {
        let location = "line \(number)"
        let value: JSON
        do throws(JSONSyntaxError) {
            value = try JSON.parse(text)
        } catch {
            throw RecordingError(location: location, problem: "is not JSON (\(error.message))")
        }
        guard let object = value.objectValue else {
            throw RecordingError(
                location: location, problem: "must be a JSON object, not \(RecordingFieldReader.article(value))")
        }
        let line = RecordingFieldReader(location: location, object: object, path: "")
        guard let version = object["v"] else {
            throw line.failure("v", "is missing (a PushFake JSON Lines recording has \"v\": 1 on every line)")
        }
        guard version == .int(JournalEntry.schemaVersion) else {
            throw line.failure(
                "v", "is \(version): this pushfake reads version \(JournalEntry.schemaVersion) of the JSON Lines schema"
            )
        }
        let request = try line.object("request")
        let response = try line.object("response")
        // A proxied entry took as long as the real service did: its upstream latency is the recorded duration.
        let upstreamLatency = try line.optionalObject("proxied")?.optionalDouble("latencyMs", in: 0...86_400_000)
        let delay = try line.optionalDouble("delay", in: 0...86_400)
        return RecordedExchange(
            index: number, method: try request.string("method"), path: try request.string("path"),
            query: try request.optionalString("query") ?? "", headers: try headers(request),
            body: try body(request), route: try line.optionalString("route"),
            response: FakeResponse(
                status: try response.int("status", in: 0...999), headers: try headers(response),
                body: try body(response)),
            duration: upstreamLatency.map { $0 / 1000 } ?? delay)
    }

    /// `headers`: `[name, value]` pairs of strings; missing means none.
    private static func headers(_ reader: RecordingFieldReader) throws(RecordingError) -> HTTPHeaders {
        guard reader.object["headers"] != nil else { return HTTPHeaders() }
        switch HTTPHeaders.fromPairs(try reader.array("headers")) {
        case .success(let headers): return headers
        case .failure(let bad):
            throw reader.failure("headers[\(bad.index)]", "must be a [name, value] pair of strings, not \(bad.pair)")
        }
    }

    /// `body` (text) or `bodyBase64`; neither means an empty body.
    private static func body(_ reader: RecordingFieldReader) throws(RecordingError) -> [UInt8] {
        if let encoded = try reader.optionalString("bodyBase64") {
            return try reader.base64(encoded, field: "bodyBase64")
        }
        return Array((try reader.optionalString("body") ?? "").utf8)
    }
}

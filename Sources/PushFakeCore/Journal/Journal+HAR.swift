import Foundation

extension Journal {
    /// The journal as a HAR 1.2 document (opens in browser dev tools, Charles, Proxyman).
    ///
    /// URLs use each request's `Host` header, or `baseURL` when there is none. PushFake's own facts (sequence,
    /// operation, route, fault, notes) go in the `_pushfake` extension field that HAR allows, and secrets are
    /// replaced by placeholders (RecordingFormat.md).
    public func har(
        matching matcher: RequestMatcher = .any, baseURL: String = "http://127.0.0.1",
        redaction: RecordingRedaction = .standard
    ) -> JSON {
        har(of: entries(matching: matcher), baseURL: baseURL, redaction: redaction)
    }

    /// A HAR 1.2 document of some of this journal's entries, their secrets numbered as the whole journal numbers
    /// them (``redactor(_:)``).
    public func har(
        of entries: [JournalEntry], baseURL: String = "http://127.0.0.1", redaction: RecordingRedaction = .standard
    ) -> JSON {
        Self.har(entries, baseURL: baseURL, redactor: redactor(redaction))
    }

    /// A HAR 1.2 document of the given entries, redacted by one new ``RecordingRedactor``: numbered within them.
    public static func har(
        _ entries: [JournalEntry], baseURL: String = "http://127.0.0.1", redaction: RecordingRedaction = .standard
    ) -> JSON {
        har(entries, baseURL: baseURL, redactor: RecordingRedactor(redaction))
    }

    private static func har(_ entries: [JournalEntry], baseURL: String, redactor: RecordingRedactor) -> JSON {
        var redactor = redactor
        let harEntries = entries.map { redactor.redact($0).harValue(baseURL: baseURL) }
        return [
            "log": [
                "version": "1.2",
                "creator": ["name": "PushFake", "version": .string(PushFakeVersion.current)],
                "pages": [],
                "entries": .array(harEntries),
            ]
        ]
    }
}

extension JournalEntry {
    func harValue(baseURL: String) -> JSON {
        // Each of these is rebuilt from the entry's bytes on every read: read once.
        let request = self.request
        let response = self.response
        let route = self.route
        let vendor = self.vendor
        let host = request.headers["Host"].map { "http://\($0)" } ?? baseURL
        let url = host + request.target
        // A proxied entry took as long as the upstream did.
        let milliseconds = proxied.map { Double($0.latencyMilliseconds) } ?? (delay * 1000).rounded()
        var harRequest: JSONObject = [
            "method": .string(request.method.isEmpty ? "GET" : request.method), "url": .string(url),
            "httpVersion": "HTTP/1.1", "cookies": [], "headers": Self.harHeaders(request.headers),
            "queryString": .array(
                request.queryItems.map { ["name": .string($0.name), "value": .string($0.value)] }),
        ]
        if !request.body.isEmpty {
            harRequest["postData"] = [
                "mimeType": .string(request.headers["Content-Type"] ?? "application/octet-stream"),
                "text": .string(String(decoding: request.body, as: UTF8.self)),
            ]
        }
        harRequest["headersSize"] = -1
        harRequest["bodySize"] = .int(request.body.count)
        let harResponse: JSON = [
            "status": .int(outcome == .responded ? response.status : 0),
            "statusText": .string(outcome == .responded ? FakeResponse.reasonPhrase(for: response.status) : ""),
            "httpVersion": "HTTP/1.1", "cookies": [], "headers": Self.harHeaders(response.headers),
            "content": [
                "size": .int(response.body.count),
                "mimeType": .string(response.headers["Content-Type"] ?? "application/json"),
                "text": .string(String(decoding: response.body, as: UTF8.self)),
            ],
            "redirectURL": "", "headersSize": -1, "bodySize": .int(response.body.count),
        ]
        var extensionObject: JSONObject = [
            "seq": .int(sequence), "vendor": vendor.map { .string($0.rawValue) } ?? .null,
            "operation": route.map { .string($0.operation.rawValue) } ?? .null,
            "route": route.map { .string($0.template) } ?? .null,
            "fault": fault.map { .string($0.fault.description) } ?? .null, "outcome": .string(outcome.rawValue),
            "notes": .array(notes.map(JSON.string)),
        ]
        if let proxied { extensionObject["proxied"] = proxied.jsonValue }
        return [
            "startedDateTime": .string(TimeFormat.iso8601(time)), "time": .double(milliseconds),
            "request": .object(harRequest), "response": harResponse, "cache": [:],
            "timings": ["send": 0, "wait": .double(milliseconds), "receive": 0],
            "_pushfake": .object(extensionObject),
        ]
    }

    private static func harHeaders(_ headers: HTTPHeaders) -> JSON {
        .array(headers.fields.map { ["name": .string($0.name), "value": .string($0.value)] })
    }
}

/// The PushFake version, written into exports.
public enum PushFakeVersion {
    /// The release this build reports: HAR `creator.version` and `pushfake --version`.
    public static let current = "0.1.0"
}

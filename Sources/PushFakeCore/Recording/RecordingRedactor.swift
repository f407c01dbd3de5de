/// Replaces secrets in journal entries by stable placeholders, for one export (RecordingFormat.md, "Secrets and
/// placeholders").
///
/// One redactor serves one export: the first distinct value of a kind becomes `${secret:twinpush-api-token}`, the
/// second `${secret:twinpush-api-token-2}`, and so on, in the order the entries are redacted; the same value always
/// gets the same placeholder. Besides the secret headers themselves, every other occurrence of a secret value in the
/// entry is replaced too: whole header values, path and query parts, `app`, `device`, path parameters, notes, and
/// UTF-8 request and response bodies (where it stands as a whole word, ``WholeWord``).
/// Bodies that are not UTF-8 are left alone.
public struct RecordingRedactor: Sendable {
    /// What this redactor replaces.
    public let redaction: RecordingRedaction
    /// Secret values in order of first appearance, with their placeholder text.
    private var known: [(value: String, placeholder: String)] = []
    private var countByName: [String: Int] = [:]

    /// A redactor that has seen no secret yet.
    public init(_ redaction: RecordingRedaction = .standard) {
        self.redaction = redaction
    }

    /// The placeholders this redactor handed out so far, by placeholder name, with the values they stand for.
    public var placeholders: [(name: String, value: String)] {
        known.map { (String($0.placeholder.dropFirst(SecretPlaceholder.prefix.count).dropLast()), $0.value) }
    }

    /// The entry with its secrets replaced.
    public mutating func redact(_ entry: JournalEntry) -> JournalEntry {
        for (header, name) in RecordingRedaction.secretHeaders {
            for value in entry.request.headers.values(for: header) { learn(value, name: name) }
        }
        if redaction.redactsAppKeys {
            for key in Self.appKeys(of: entry) { learn(key, name: RecordingRedaction.appKeyName) }
        }
        let secrets = known.filter { secret in Self.mentions(entry, secret.value) }
        guard !secrets.isEmpty else { return entry }
        return Self.replacing(secrets, in: entry)
    }

    private mutating func learn(_ value: String, name: String) {
        guard !value.isEmpty, !value.hasPrefix(SecretPlaceholder.prefix), !known.contains(where: { $0.value == value })
        else { return }
        let count = (countByName[name] ?? 0) + 1
        countByName[name] = count
        known.append((value, SecretPlaceholder.text(count == 1 ? name : "\(name)-\(count)")))
    }

    /// TPNS application keys the entry carries: `applicationKey` in the body (an object or an array of objects),
    /// the segment after `application` in the path, and the entry's app when the route is a TPNS one.
    static func appKeys(of entry: JournalEntry) -> [String] {
        var keys: [String] = []
        let body = entry.body
        for object in body?.arrayValue ?? [body ?? .null] {
            if let key = object["applicationKey"]?.stringValue { keys.append(key) }
        }
        let segments = entry.request.path.split(separator: "/", omittingEmptySubsequences: false)
        for (index, segment) in segments.enumerated() where segment == "application" && index + 1 < segments.count {
            keys.append(PercentDecoding.decode(segments[index + 1]))
        }
        if entry.vendor == .tpns, let app = entry.app { keys.append(app) }
        return keys
    }

    private static func mentions(_ entry: JournalEntry, _ value: String) -> Bool {
        entry.request.headers.contains { $0.value == value } || entry.response.headers.contains { $0.value == value }
            || entry.request.path.contains(value) || entry.request.query.contains(value) || entry.app == value
            || entry.device == value || entry.notes.contains { $0.contains(value) }
            || entry.route?.parameters.values.contains(value) == true
            || String(validatingUTF8Bytes: entry.request.body)?.contains(value) == true
            || String(validatingUTF8Bytes: entry.response.body)?.contains(value) == true
    }

    private static func replacing(_ secrets: [(value: String, placeholder: String)], in entry: JournalEntry)
        -> JournalEntry
    {
        func text(_ string: String) -> String {
            secrets.reduce(string) { WholeWord.replace($1.value, with: $1.placeholder, in: $0) }
        }
        func whole(_ string: String) -> String {
            secrets.first { $0.value == string }?.placeholder ?? string
        }
        func headers(_ headers: HTTPHeaders) -> HTTPHeaders {
            HTTPHeaders(headers.fields.map { HTTPHeaders.Field(name: $0.name, value: whole($0.value)) })
        }
        func body(_ bytes: [UInt8]) -> [UInt8] {
            guard let string = String(validatingUTF8Bytes: bytes) else { return bytes }
            return Array(text(string).utf8)
        }
        var request = entry.request
        request.headers = headers(request.headers)
        request.path = text(request.path)
        request.query = text(request.query)
        request.body = body(request.body)
        var response = entry.response
        response.headers = headers(response.headers)
        response.body = body(response.body)
        let route = entry.route.map { route in
            RouteMatch(
                vendor: route.vendor, operation: route.operation, parameters: route.parameters.mapValues(whole),
                template: route.template)
        }
        return JournalEntry(
            sequence: entry.sequence, time: entry.time, request: request, route: route, vendor: entry.vendor,
            app: entry.app.map(whole), device: entry.device.map(whole), fault: entry.fault, response: response,
            outcome: entry.outcome, delay: entry.delay, deliveryIDs: entry.deliveryIDs, notes: entry.notes.map(text),
            proxied: entry.proxied.map { proxied in
                ProxiedExchange(
                    mode: proxied.mode, upstream: text(proxied.upstream), latency: proxied.latency,
                    failure: proxied.failure.map(text))
            })
    }
}

/// Replaces secrets in journal entries by stable placeholders (RecordingFormat.md, "Secrets and placeholders").
///
/// A redactor numbers secrets: the first distinct value of a kind becomes `${secret:twinpush-api-token}`, the second
/// `${secret:twinpush-api-token-2}`, and so on; the same value always gets the same placeholder. One made with
/// ``init(_:)`` numbers in the order it redacts entries; ``Journal/redactor(_:)`` gives one that numbers as the
/// journal does, so every export and stream of a journal agrees.
///
/// Besides the secret headers themselves, every other occurrence of a secret in the entry is replaced too — other
/// header values, path and query, `app`, `device`, path parameters, notes, request and response bodies — wherever it
/// stands as a whole word (``WholeWord``), written plainly, JSON-escaped (`tok\/+=1`, `\u0074ok`) or
/// percent-encoded (`tok%2F%2B%3D1`).
public struct RecordingRedactor: Sendable {
    /// What this redactor replaces.
    public let redaction: RecordingRedaction
    private var table: SecretTable

    /// A redactor that has seen no secret yet, for the standard vendors' secrets.
    public init(_ redaction: RecordingRedaction = .standard) {
        self.redaction = redaction
        self.table = SecretTable()
    }

    /// A redactor that has seen no secret yet, for the secrets `vendors` declare (``PushVendor/secrets``).
    public init(_ redaction: RecordingRedaction = .standard, vendors: VendorRegistry) {
        self.redaction = redaction
        self.table = SecretTable(vendors.secretRules)
    }

    /// A redactor that knows the secrets of `table` already.
    init(_ redaction: RecordingRedaction, table: SecretTable) {
        self.redaction = redaction
        self.table = table
    }

    /// The placeholders this redactor replaces, by placeholder name, with the values they stand for.
    public var placeholders: [(name: String, value: String)] {
        table.secrets(for: redaction).map { secret in
            (
                String(secret.placeholder.dropFirst(SecretPlaceholder.prefix.count).dropLast()),
                String(decoding: secret.value, as: UTF8.self)
            )
        }
    }

    /// The entry with its secrets replaced.
    public mutating func redact(_ entry: JournalEntry) -> JournalEntry {
        table.learn(from: entry, appKeys: redaction.redactsAppKeys)
        let secrets = table.secrets(for: redaction).map {
            SecretScanner.Secret(value: $0.value, replacement: Array($0.placeholder.utf8))
        }
        guard !secrets.isEmpty else { return entry }
        return EntryRedaction(secrets: secrets).apply(to: entry)
    }

    /// `text` with the secrets this redactor knows replaced, learning none: a delivery's JSON in the event stream.
    public func redact(text: String) -> String {
        let secrets = table.secrets(for: redaction).map {
            SecretScanner.Secret(value: $0.value, replacement: Array($0.placeholder.utf8))
        }
        guard let replaced = SecretScanner.replacing(secrets, in: Array(text.utf8)) else { return text }
        return String(decoding: replaced, as: UTF8.self)
    }

    /// `target` (a request's, for the request log) with its secrets replaced: those this redactor knows, and those
    /// of `request` — its secret headers' values and the vendors' secrets in its path and body (identifiers with
    /// ``RecordingRedaction/redactsAppKeys``) — which it learns.
    public mutating func redact(target: String, of request: FakeRequest) -> String {
        table.learnHeaders(of: request)
        for (value, kind) in table.rules.secrets(of: request, identifiers: redaction.redactsAppKeys) {
            table.learn(value, kind: kind)
        }
        return redact(text: target)
    }
}

/// The replacement of known secrets in every part of one entry.
private struct EntryRedaction {
    let secrets: [SecretScanner.Secret]

    func text(_ string: String) -> String? {
        SecretScanner.replacing(secrets, in: Array(string.utf8)).map { String(decoding: $0, as: UTF8.self) }
    }

    func headers(_ headers: HTTPHeaders) -> HTTPHeaders? {
        let values = headers.fields.map { text($0.value) }
        guard values.contains(where: { $0 != nil }) else { return nil }
        return HTTPHeaders(
            zip(headers.fields, values).map { HTTPHeaders.Field(name: $0.name, value: $1 ?? $0.value) })
    }

    /// The entry with the secrets replaced; the entry itself when none occurs in it (rebuilding one costs).
    func apply(to entry: JournalEntry) -> JournalEntry {
        var changed = false
        func replaced<Value>(_ value: Value, _ replacement: Value?) -> Value {
            guard let replacement else { return value }
            changed = true
            return replacement
        }
        func text(_ string: String) -> String { replaced(string, self.text(string)) }
        var request = entry.request
        request.headers = replaced(request.headers, headers(request.headers))
        request.path = text(request.path)
        request.query = text(request.query)
        request.body = replaced(request.body, SecretScanner.replacing(secrets, in: request.body))
        var response = entry.response
        response.headers = replaced(response.headers, headers(response.headers))
        response.body = replaced(response.body, SecretScanner.replacing(secrets, in: response.body))
        let route = entry.route.map { route in
            RouteMatch(
                vendor: route.vendor, operation: route.operation, parameters: route.parameters.mapValues(text),
                template: route.template)
        }
        let app = entry.app.map(text)
        let device = entry.device.map(text)
        let notes = entry.notes.map(text)
        let proxied = entry.proxied.map { proxied in
            ProxiedExchange(
                mode: proxied.mode, upstream: text(proxied.upstream), latency: proxied.latency,
                failure: proxied.failure.map(text))
        }
        guard changed else { return entry }
        return JournalEntry(
            sequence: entry.sequence, time: entry.time, request: request, route: route, vendor: entry.vendor,
            app: app, device: device, fault: entry.fault, response: response, outcome: entry.outcome,
            delay: entry.delay, deliveryIDs: entry.deliveryIDs, notes: notes, proxied: proxied)
    }
}

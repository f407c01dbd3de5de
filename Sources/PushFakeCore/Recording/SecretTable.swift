import Foundation

/// The secrets one numbering knows, each with its placeholder: `${secret:twinpush-api-token}` for the first value of
/// a kind, `${secret:twinpush-api-token-2}` for the second, in the order they are learned (RecordingFormat.md,
/// "Secrets and placeholders").
///
/// Values are told apart by their UTF-8 bytes, as the vendors compare tokens: `K-1` and `\u{212A}-1` are two secrets.
struct SecretTable: Sendable {
    /// One known secret.
    struct Secret: Sendable {
        let value: [UInt8]
        /// `${secret:NAME}`.
        let placeholder: String
        /// The kind: the placeholder name without its number (``VendorSecret/name``, …).
        let kind: String
    }

    /// Where the secrets stand.
    let rules: SecretRules

    /// Known secrets in order of first appearance.
    private(set) var secrets: [Secret] = []
    private var positions: [[UInt8]: Int] = [:]
    private var countByKind: [String: Int] = [:]

    /// A table that knows no secret yet, learning where `rules` say.
    init(_ rules: SecretRules = .standard) {
        self.rules = rules
    }

    /// Learns `value` as a secret of `kind`, unless it is empty, already known or already a placeholder.
    mutating func learn(_ value: String, kind: String) {
        let bytes = Array(value.utf8)
        guard !bytes.isEmpty, positions[bytes] == nil, !value.hasPrefix(SecretPlaceholder.prefix) else { return }
        let count = (countByKind[kind] ?? 0) &+ 1
        countByKind[kind] = count
        positions[bytes] = secrets.count
        secrets.append(
            Secret(
                value: bytes, placeholder: SecretPlaceholder.text(count == 1 ? kind : "\(kind)-\(count)"), kind: kind))
    }

    /// Learns the secrets `entry` carries: the values of the secret headers of its request and response
    /// (``SecretRules/headers``, ``RecordingRedaction/secretResponseHeaders``), the credentials of
    /// `Authorization`-like headers on their own, the vendors' other secrets, and with `appKeys` their identifiers.
    mutating func learn(from entry: JournalEntry, appKeys: Bool) {
        let request = entry.request
        learnHeaders(of: request)
        // HTTP the server could not parse is journaled as the raw bytes it got: its head, credentials and all.
        if entry.route == nil, request.headers.fields.isEmpty { learnRawHead(Array(entry.requestBodyBytes)) }
        let response = entry.response
        for (header, kind) in RecordingRedaction.secretResponseHeaders {
            for value in response.headers.values(for: header) { learn(value, kind: kind) }
        }
        for (value, kind) in rules.secrets(of: entry, identifiers: appKeys) { learn(value, kind: kind) }
    }

    /// Learns the values of the secret headers of `request`, and the credentials of `Authorization`-like ones.
    mutating func learnHeaders(of request: FakeRequest) {
        for (header, kind) in rules.headers {
            for value in request.headers.values(for: header) {
                learn(value, kind: kind)
                learnCredentials(value, kind: kind)
            }
        }
    }

    /// Learns the values of secret header lines in the raw head of a request (after the request line, up to the
    /// first empty line; a line cut off at the end counts with what it has).
    private mutating func learnRawHead(_ raw: [UInt8]) {
        guard raw.contains(UInt8(ascii: ":")) else { return }
        for line in raw.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).dropFirst() {
            let text = String(decoding: line, as: UTF8.self).trimmingCharacters(in: [" ", "\t", "\r"])
            if text.isEmpty { return }
            guard let colon = text.firstIndex(of: ":") else { continue }
            let name = text[..<colon].trimmingCharacters(in: [" ", "\t"]).lowercased()
            let value = text[text.index(after: colon)...].trimmingCharacters(in: [" ", "\t"])
            for (header, kind) in rules.headers where header.lowercased() == name {
                learn(value, kind: kind)
                learnCredentials(value, kind: kind)
            }
        }
    }

    /// Learns the credentials of an `Authorization`-like value (`Bearer abc`: `abc`) on their own.
    private mutating func learnCredentials(_ value: String, kind: String) {
        guard let credentialsKind = RecordingRedaction.credentialKinds[kind], let space = value.firstIndex(of: " ")
        else { return }
        learn(String(value[value.index(after: space)...].drop { $0 == " " }), kind: credentialsKind)
    }

    /// The secrets a redaction replaces: all but the identifiers unless it redacts those too.
    func secrets(for redaction: RecordingRedaction) -> [Secret] {
        redaction.redactsAppKeys ? secrets : secrets.filter { !rules.identifierNames.contains($0.kind) }
    }
}

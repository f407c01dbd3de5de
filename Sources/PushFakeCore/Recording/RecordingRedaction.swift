/// Which secrets recordings leave out (RecordingFormat.md, "Secrets and placeholders").
///
/// The credentials a client sends — the TwinPush API token (`X-TwinPush-REST-API-Token`), the creator token
/// (`X-TwinPush-REST-API-Key-Creator`), `Authorization`, `Proxy-Authorization`, `Cookie` — and the `Set-Cookie` of
/// answers are always replaced by placeholders; TPNS application keys only with ``redactsAppKeys``, because they are
/// identifiers as much as secrets and many recordings are easier to read with them.
public struct RecordingRedaction: Sendable, Equatable {
    /// Also replace TPNS application keys: `applicationKey` in request bodies, `/api/application/{appKey}/…` in
    /// paths, and the same value wherever else the entry shows it (`app`, `params`, notes, response bodies).
    public var redactsAppKeys: Bool

    /// Creates the redaction rules; by default the credentials only.
    public init(redactAppKeys: Bool = false) {
        self.redactsAppKeys = redactAppKeys
    }

    /// The credentials, not TPNS application keys.
    public static let standard = RecordingRedaction()

    /// The request headers whose values are secrets, with the placeholder name each kind gets.
    public static let secretHeaders: [(header: String, name: String)] = [
        ("X-TwinPush-REST-API-Token", "twinpush-api-token"),
        ("X-TwinPush-REST-API-Key-Creator", "twinpush-creator-token"),
        ("Authorization", "authorization"),
        ("Proxy-Authorization", "proxy-authorization"),
        ("Cookie", "cookie"),
    ]

    /// The response headers whose values are secrets: a session cookie an upstream sets is one.
    public static let secretResponseHeaders: [(header: String, name: String)] = [("Set-Cookie", "set-cookie")]

    /// Kinds whose header value is `<scheme> <credentials>`, with the placeholder name of the credentials alone: a
    /// bearer token sent again in a query or a body is replaced there too.
    public static let credentialKinds: [String: String] = [
        "authorization": "authorization-credentials", "proxy-authorization": "proxy-authorization-credentials",
    ]

    /// The placeholder name of TPNS application keys.
    public static let appKeyName = "tpns-app-key"
}

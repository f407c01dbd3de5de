/// Which secrets recordings leave out (RecordingFormat.md, "Secrets and placeholders").
///
/// The credentials a client sends — those each vendor declares (``PushVendor/secrets``: the TwinPush API and creator
/// tokens), `Authorization`, `Proxy-Authorization`, `Cookie` — and the `Set-Cookie` of answers are always replaced by
/// placeholders; secrets a vendor marks as identifiers (``VendorSecret/isIdentifier``: TPNS application keys) only
/// with ``redactsAppKeys``, because many recordings are easier to read with them.
public struct RecordingRedaction: Sendable, Equatable {
    /// Also replace the vendors' identifiers (``VendorSecret/isIdentifier``): TPNS application keys in request bodies,
    /// paths and apps, and the same value wherever else the entry shows it (`params`, notes, response bodies).
    public var redactsAppKeys: Bool

    /// Creates the redaction rules; by default the credentials only.
    public init(redactAppKeys: Bool = false) {
        self.redactsAppKeys = redactAppKeys
    }

    /// The credentials, not the identifiers.
    public static let standard = RecordingRedaction()

    /// The request headers whose values are secrets for every vendor, with the placeholder name each kind gets;
    /// vendors add their own (``PushVendor/secrets``).
    public static let secretHeaders: [(header: String, name: String)] = [
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
}

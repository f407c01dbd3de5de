/// What a recording comparison ignores: fields that legitimately differ between runs or transports.
///
/// Each journal line is compared as JSON after removing ``ignoredFields`` (dotted paths such as `time`,
/// `response.json.results[0].notificationId`) and every request header not in ``comparedRequestHeaders`` — the
/// client library adds its own (`User-Agent`, `Host` with the port, `Accept-Encoding`, …). RecordingFormat.md
/// describes the lines and the comparison; ``RecordingComparison`` applies the options.
public struct RecordingOptions: Sendable {
    /// Dotted paths removed from each journal line before comparing; by default `transport` and `proxied` (how the
    /// request was served, not what was answered).
    public var ignoredFields: Set<String>
    /// Request headers kept in the comparison (case-insensitive).
    public var comparedRequestHeaders: [String]
    /// The secrets replaced by placeholders in the canonical lines, so that recordings never hold them.
    public var redaction: RecordingRedaction
    /// Where the secrets stand: the vendors' of the engine whose journal is compared.
    package var secrets = SecretRules.standard

    /// Creates options; the defaults compare everything but the transport and the client's own headers (they keep
    /// `Content-Type` and the standard vendors' secret headers, ``PushVendor/secrets``: the TwinPush tokens), and
    /// redact the vendors' secrets and `Authorization`.
    public init(
        ignoredFields: Set<String> = ["transport", "proxied"],
        comparedRequestHeaders: [String] = RecordingOptions.standardComparedRequestHeaders,
        redaction: RecordingRedaction = .standard
    ) {
        self.ignoredFields = ignoredFields
        self.comparedRequestHeaders = comparedRequestHeaders
        self.redaction = redaction
    }

    /// `Content-Type` and the standard vendors' secret headers (the TwinPush tokens).
    public static let standardComparedRequestHeaders = ["Content-Type"] + SecretRules.standard.vendorHeaders

    /// The transport and client-specific request headers; everything else must match.
    public static let standard = RecordingOptions()
}

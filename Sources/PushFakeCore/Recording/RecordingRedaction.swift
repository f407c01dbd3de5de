/// Which secrets recordings leave out (RecordingFormat.md, "Secrets and placeholders").
///
/// The TwinPush API token (`X-TwinPush-REST-API-Token`), the creator token (`X-TwinPush-REST-API-Key-Creator`) and
/// `Authorization` are always replaced by placeholders; TPNS application keys only with ``redactsAppKeys``, because
/// they are identifiers as much as secrets and many recordings are easier to read with them.
public struct RecordingRedaction: Sendable, Equatable {
    /// Also replace TPNS application keys: `applicationKey` in request bodies, `/api/application/{appKey}/…` in
    /// paths, and the same value wherever else the entry shows it (`app`, `params`, notes, response bodies).
    public var redactsAppKeys: Bool

    /// Creates the redaction rules; by default the tokens and `Authorization` only.
    public init(redactAppKeys: Bool = false) {
        self.redactsAppKeys = redactAppKeys
    }

    /// Tokens and `Authorization`, not TPNS application keys.
    public static let standard = RecordingRedaction()

    /// The request headers whose values are secrets, with the placeholder name each kind gets.
    public static let secretHeaders: [(header: String, name: String)] = [
        ("X-TwinPush-REST-API-Token", "twinpush-api-token"),
        ("X-TwinPush-REST-API-Key-Creator", "twinpush-creator-token"),
        ("Authorization", "authorization"),
    ]

    /// The placeholder name of TPNS application keys.
    public static let appKeyName = "tpns-app-key"
}

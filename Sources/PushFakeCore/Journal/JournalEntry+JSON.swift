import Foundation

extension JournalEntry {
    /// The version of the JSON Lines schema written by ``jsonValue`` (the `v` field of every line).
    public static let schemaVersion = 1

    /// One line of the JSON Lines export (no trailing newline), secrets replaced by placeholders as if the entry
    /// were the only one exported (``RecordingRedaction/standard``). Export several entries with
    /// ``Journal/jsonLines(_:redaction:)`` so that distinct secrets get distinct placeholders across lines.
    public var jsonLine: String {
        var redactor = RecordingRedactor()
        return redactor.redact(self).jsonValue.serializedString()
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

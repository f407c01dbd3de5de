extension JournalEntry: WireType {
    /// One entry of the JSON Lines schema (component `JournalEntry`; RecordingFormat.md): its members are described
    /// once, in `JournalEntryForm` (`JournalEntryForm.swift`), which the compact layout is turned into to be written
    /// (``jsonValue``) and which a line is read into (``init(json:vendors:)``).
    ///
    /// The object is the JSON Lines export schema, version ``schemaVersion`` (RecordingFormat.md), with every value
    /// as the engine saw it. Exports that are recordings (``jsonLine``, ``Journal/jsonLines(matching:redaction:)``,
    /// the HAR export) first replace secrets by placeholders (``RecordingRedactor``); this object does not, so the
    /// in-memory journal and `GET /__pushfake/journal` keep the real values. Bodies appear twice: `body` is the raw
    /// text (or `bodyBase64` when not UTF-8) for byte fidelity, `json` the parsed value (or `null`) for `jq`. Headers
    /// are `[name, value]` pairs in wire order.
    public static let wire = WireDescription<JournalEntry>(name: "JournalEntry", form: JournalEntryForm.self)

    /// Reads a JSON Lines object (``jsonValue``) back into the entry it was written from, with the fault keys of
    /// `vendors` for the applied fault (`fault.fault`). Times are kept to the millisecond, as the line writes them;
    /// `json` members are derived from the bodies and not read.
    ///
    /// ```swift
    /// let entries = try journal["entries"]?.arrayValue?.map { try JournalEntry(json: $0) } ?? []
    /// ```
    /// - Throws: ``JSONFieldError`` naming the member (`request.headers[2]`, `fault.fault`) and what it must be.
    public init(json: JSON, vendors: VendorRegistry = .standard) throws(JSONFieldError) {
        self = try Self.wire.read(json, context: WireContext(vendors: vendors))
    }
}

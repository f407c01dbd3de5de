extension JournalUsage: WireType {
    /// The journal's figures in `GET /__pushfake/health` (component `JournalUsage`): `entries`, `bytes`, `limit`
    /// (`null`: none) and `dropped`; ``totalCount`` is not written (a reader leaves it 0).
    public static let wire = WireDescription<JournalUsage>(
        name: "JournalUsage", JournalUsage(entries: 0, totalCount: 0, droppedCount: 0, limit: nil, approximateBytes: 0),
        fields: [
            .required("entries", \.entries, .count, "Entries held."),
            .required("bytes", \.approximateBytes, .count, "An estimate of the memory they take."),
            .optional("limit", \.limit, .count, writesNull: true, "The most entries kept (null: all)."),
            .required("dropped", \.droppedCount, .count, "Entries the limit dropped."),
        ], answer: true)
}

import PushFakeCore

/// `GET /__pushfake/health` (component `Health`): `{"status": "ok", "journal": {…}, "connections": {…}}`.
package struct HealthAnswer: WireType {
    /// The journal's figures, from its own accounting (``PushFake/journalUsage``).
    package var journal: JournalUsage
    /// The server's connections.
    package var connections: ConnectionCounts

    package static let wire = WireDescription<HealthAnswer>(
        name: "Health",
        HealthAnswer(
            journal: JournalUsage(entries: 0, totalCount: 0, droppedCount: 0, limit: nil, approximateBytes: 0),
            connections: ConnectionCounts(open: 0, max: 0, refused: 0)),
        fields: [
            .constant("status", "ok"),
            .required("journal", \.journal, .wire(), "The journal's size."),
            .required("connections", \.connections, .wire(), "The server's connections."),
        ], answer: true)
}

extension ConnectionCounts: WireType {
    /// The connections in `GET /__pushfake/health` (component `Connections`).
    package static let wire = WireDescription<ConnectionCounts>(
        name: "Connections", ConnectionCounts(open: 0, max: 0, refused: 0),
        fields: [
            .required("open", \.open, .count, "Served now."),
            .required("max", \.max, .count, "The cap."),
            .required("refused", \.refused, .count, "Answered 503 and closed."),
            .required("evicted", \.evicted, .count, "Silent ones closed at the cap to make room."),
            .required("broken", \.broken, .count, "Closed after an illegal transition (a bug)."),
        ], answer: true)
}

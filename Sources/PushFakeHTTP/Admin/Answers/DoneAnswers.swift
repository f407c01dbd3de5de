import PushFakeCore

/// `DELETE /__pushfake/journal` (component `JournalCleared`): `{"cleared": true, "nextSequence": N}`.
package struct JournalCleared: WireType {
    /// The sequence number the next entry gets: numbers keep counting.
    package var nextSequence = 1

    package static let wire = WireDescription<JournalCleared>(
        name: "JournalCleared", JournalCleared(),
        fields: [
            .constant("cleared", true),
            .required("nextSequence", \.nextSequence, .int(in: 1...Int.max), "The next entry's sequence number."),
        ], answer: true)
}

/// `POST /__pushfake/reset` (component `ResetDone`): `{"reset": true}`.
package struct ResetDone: WireType {
    package static let wire = WireDescription<ResetDone>(
        name: "ResetDone", ResetDone(), fields: [.constant("reset", true)], answer: true)
}

/// `DELETE /__pushfake/faults/{id}` (component `FaultRemoved`): `{"removed": "<id>"}`.
package struct FaultRemoved: WireType {
    package var removed = ""

    package static let wire = WireDescription<FaultRemoved>(
        name: "FaultRemoved", FaultRemoved(),
        fields: [.required("removed", \.removed, .string, "The id of the rule removed.")], answer: true)
}

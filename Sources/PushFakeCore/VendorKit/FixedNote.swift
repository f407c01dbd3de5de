/// A journal note a handler writes on most requests ("new device", "device updated"), with a one-element array of it
/// made once: the first note of a request shares that array instead of allocating one (about 450 instructions a
/// register; Performance.md, "Allocations and small strings").
struct FixedNote: Sendable {
    let text: String
    /// `[text]`, shared by every request whose first note this is; a later note copies it before appending.
    let alone: [String]

    init(_ text: String) {
        self.text = text
        alone = [text]
    }
}

extension VendorContext {
    /// Adds `note` to ``notes``, sharing its array when it is the first.
    mutating func add(_ note: FixedNote) {
        if notes.isEmpty {
            notes = note.alone
        } else {
            notes.append(note.text)
        }
    }
}

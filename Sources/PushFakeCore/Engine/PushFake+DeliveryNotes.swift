import Foundation

extension PushFake {
    /// How far back ``addNote(_:toDelivery:)`` looks for the journal entry that caused a delivery.
    static let noteSearchDepth = 4096

    /// Records what happened to a delivery after the engine made it — outside the vendor API, so no request is
    /// journaled for it: a simulator push that failed, an `.apns` file that could not be written.
    ///
    /// The note is added to the delivery's ``Delivery/notes`` and, when the journal entry of the request that caused
    /// the delivery is among the newest 4,096, to that entry's ``JournalEntry/notes`` (a delivery the clock released
    /// has no such entry). Observers from ``onDeliveryNote(_:)`` hear of it, outside the engine lock.
    ///
    /// ```swift
    /// fake.addNote("simctl push failed (exit 148): Invalid device: booted", toDelivery: delivery.id)
    /// ```
    /// - Returns: `false` when the engine has no delivery with that id (it was reset since).
    @discardableResult
    public func addNote(_ note: String, toDelivery id: String) -> Bool {
        let told = state.withLock { state -> (Delivery, [@Sendable (Delivery, String) -> Void], WatcherNews)? in
            guard state.services.updateDelivery(id: id, { $0.notes.append(note) }),
                let delivery = state.services.delivery(id: id)
            else { return nil }
            state.journal.entry(causing: id, within: Self.noteSearchDepth)?.extras?.laterNotes.withLock {
                $0.append(note)
            }
            return (delivery, Array(state.noteObservers.values), state.watcherNews)
        }
        guard let (delivery, observers, watchers) = told else { return false }
        for observer in observers { observer(delivery, note) }
        watchers.tell(.note(delivery, note))
        return true
    }

    /// Calls `observer` with the delivery (its notes included) and the new note each time
    /// ``addNote(_:toDelivery:)`` adds one, outside the engine lock. Keep it quick.
    /// - Returns: a token for ``removeDeliveryNoteObserver(_:)``.
    @discardableResult
    public func onDeliveryNote(_ observer: @escaping @Sendable (Delivery, String) -> Void) -> Int {
        register(observer, in: \.noteObservers)
    }

    /// Stops calling the observer that ``onDeliveryNote(_:)`` returned `token` for; an unknown token is ignored.
    public func removeDeliveryNoteObserver(_ token: Int) {
        _ = state.withLock { $0.noteObservers.removeValue(forKey: token) }
    }
}

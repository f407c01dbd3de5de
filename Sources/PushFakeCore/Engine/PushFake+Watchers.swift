extension PushFake {
    /// Calls `watcher` with every piece of news — journal entries, deliveries, notes, journal restarts, loaded
    /// states — and the journal epoch it happened in, outside the engine lock (``EngineEvent``). For PushFake's own
    /// hosts: the events stream orders what it hears by epoch.
    /// - Returns: a token for ``removeWatcher(_:)`` and the epoch at the moment the watcher was added, read under
    ///   the same lock: every later restart of the journal reaches the watcher.
    package func addWatcher(
        _ watcher: @escaping @Sendable (EngineEvent, UInt64) -> Void
    ) -> (token: Int, epoch: UInt64) {
        state.withLock { state in
            let id = state.nextObserverID
            state.nextObserverID += 1
            state.watchers[id] = watcher
            return (id, state.journalEpoch)
        }
    }

    /// Stops calling the watcher that ``addWatcher(_:)`` returned `token` for; an unknown token is ignored.
    package func removeWatcher(_ token: Int) {
        state.withLock { state in
            state.watchers.removeValue(forKey: token)
            if state.deliveryObservers.isEmpty && state.watchers.isEmpty { state.tickDeliveries = [] }
        }
    }

    /// The journal's epoch and newest sequence number, read together under the lock, without a snapshot.
    package var journalPosition: JournalPosition {
        state.withLock { JournalPosition(epoch: $0.journalEpoch, sequence: $0.journal.totalCount) }
    }

    /// A snapshot of the journal and the epoch it belongs to, taken together under the lock.
    package var journalWithEpoch: (journal: Journal, epoch: UInt64) {
        state.withLock { ($0.journal, $0.journalEpoch) }
    }
}

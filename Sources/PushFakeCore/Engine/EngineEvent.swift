/// What an engine tells its watchers (``PushFake/addWatcher(_:)``): the journal's and the deliveries' news, each
/// with the journal epoch it happened in.
///
/// Observers run outside the engine lock, so two threads' news can reach a watcher in either order: an entry
/// recorded just before a reset may arrive after the reset's news. The epoch, read under the lock with the news,
/// lets a watcher put them back in order (the events stream does: `EventHub.swift` in PushFakeHTTP).
package enum EngineEvent: Sendable {
    /// A journal entry was recorded.
    case entry(JournalEntry)
    /// A delivery was made: by a request (`entry` is the sequence number of the journal entry that records it, told
    /// before this news), or by the clock releasing a scheduled send (`entry` is `nil`).
    case delivery(Delivery, entry: Int?)
    /// A note was added to a delivery later (``PushFake/addNote(_:toDelivery:)``).
    case note(Delivery, String)
    /// A new journal epoch began (the event's epoch): the journal lost its entries other than by its limit.
    case journalRestarted(JournalRestart)
    /// A state document replaced devices, deliveries, faults and ids; the journal was kept, the epoch too.
    case stateReplaced
}

/// Why a journal epoch began, and the sequence number its first entry gets.
package struct JournalRestart: Sendable, Equatable {
    package enum Cause: String, Sendable {
        /// ``PushFake/reset()``: sequence numbers start over at 1.
        case reset
        /// ``PushFake/clearJournal()``: entries forgotten, numbering goes on.
        case journalCleared
        /// A journal copied from elsewhere replaced this one (a `.remote` fixture's local copy).
        case journalReplaced
    }

    package var cause: Cause
    package var nextSequence: Int
}

/// The journal's place at one instant, read under the engine lock: its epoch and the entries ever appended in it.
package struct JournalPosition: Sendable, Equatable {
    /// The journal's epoch: a number that changes (grows by one) whenever the journal restarts; the first one is
    /// random, so two engines (two runs of a server) hardly ever share one.
    package var epoch: UInt64
    /// Sequence number of the newest entry (``Journal/totalCount``).
    package var sequence: Int
}

/// Watchers and the epoch to tell them with, carried out of the engine lock.
struct WatcherNews {
    var watchers: [@Sendable (EngineEvent, UInt64) -> Void] = []
    var epoch: UInt64 = 0

    func tell(_ event: EngineEvent) {
        for watcher in watchers { watcher(event, epoch) }
    }
}

import PushFakeCore

/// What the hub's thread alone owns: the subscribers, the epoch it has told them of, and news from an epoch it has
/// not heard begin yet.
struct HubThread {
    struct Subscriber {
        let id: Int
        let stream: ResponseStream
        /// Live entries up to this sequence number are skipped: the replay covers them.
        var lastSequence: Int
        /// The last entry actually sent (for the `dropped` event).
        var sentSequence: Int
        /// Deliveries the replay sent, so their live copies are skipped.
        var replayedDeliveries: Set<String> = []
        /// The journal snapshot being replayed, sent as the client reads from ``replayIndex`` on; `nil` once live.
        var replay: Journal?
        var replayIndex = 0
        /// Numbers the replay's secrets as the snapshot's exports do.
        var replayRedactor: RecordingRedactor?
        /// Live deliveries, notes and state events heard while replaying, sent after it.
        var held: [(bytes: [UInt8], delivery: String?)] = []
        var heldBytes = 0
        /// While replaying: the stream's ``ResponseStream/takenBytes`` when last looked at, and the news that went
        /// by since without the client taking anything (the stall rule, ``EventHub/broadcast(entrySequence:delivery:causedBy:estimatedBytes:_:_:)``).
        var lastTaken = 0
        var unreadBytes = 0
    }

    /// The epoch the subscribers were last told of.
    var epoch: UInt64
    var subscribers: [Subscriber] = []
    /// Where the next replay round starts (``EventHub/pace(_:)``).
    var paceStart = 0
    /// News (and subscribers) of a later epoch, waiting for that epoch's `journalRestarted`: watchers run outside
    /// the engine lock, so an entry can overtake the restart it follows.
    var future: [EventHub.Event] = []
}

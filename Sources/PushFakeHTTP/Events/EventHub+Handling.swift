import PushFakeCore

extension EventHub {
    func handle(_ event: Event, _ hub: inout HubThread) {
        switch event {
        case .news(let news, let epoch):
            // News of a journal that has restarted since is news of entries that no longer exist.
            guard epoch >= hub.epoch else { return }
            if epoch > hub.epoch {
                if case .journalRestarted(let info) = news {
                    restart(to: epoch, info, &hub)
                } else {
                    hub.future.append(event)
                }
                return
            }
            switch news {
            case .entry(let entry):
                broadcast(entrySequence: entry.sequence, delivery: nil, estimatedBytes: entry.approximateBytes, &hub) {
                    // Numbered as the journal numbers its secrets: the line equals the entry's line in a JSON Lines
                    // export of the journal.
                    var redactor = redactor(extra: entry)
                    return EventText.entry(redactor.redact(entry), epoch: epoch)
                }
            case .delivery(let delivery, let entry):
                broadcast(
                    EventText.delivery(delivery, redactor(for: delivery)), entrySequence: nil, delivery: delivery.id,
                    causedBy: entry, &hub)
            case .note(let delivery, let note):
                // Every subscriber hears of a note, also one whose replay already carried the delivery.
                broadcast(
                    EventText.note(delivery, note, redactor(for: delivery)), entrySequence: nil, delivery: nil, &hub)
            case .stateReplaced:
                // Delivery ids may be given again after a loaded state: the replay's no longer tell anything.
                for index in hub.subscribers.indices { hub.subscribers[index].replayedDeliveries = [] }
                broadcast(EventText.stateLoaded, entrySequence: nil, delivery: nil, &hub)
            case .journalRestarted:
                break
            }
        case .subscribe(let id, let stream, let start):
            guard start.epoch <= hub.epoch else { return hub.future.append(event) }
            add(id, stream, start, &hub)
        case .end(let ending):
            let text = EventText.end(ending)
            for subscriber in hub.subscribers {
                subscriber.stream.send(text)
                subscriber.stream.finish()
            }
            hub.subscribers = []
            for case .subscribe(_, let stream, _) in hub.future {
                stream.send(EventText.opening(at: nil) + text)
                stream.finish()
            }
            hub.future = []
        }
    }

    /// A new epoch: every subscriber is told, forgets its replay, and hears the new epoch's news from here on.
    private func restart(to epoch: UInt64, _ restart: JournalRestart, _ hub: inout HubThread) {
        hub.epoch = epoch
        let after = max(0, restart.nextSequence &- 1)
        let text = EventText.reset(epoch: epoch, after: after, cause: restart.cause.rawValue)
        for index in hub.subscribers.indices {
            hub.subscribers[index].stream.onDrained(nil)
            hub.subscribers[index].replay = nil
            hub.subscribers[index].replayRedactor = nil
            hub.subscribers[index].held = []
            hub.subscribers[index].heldBytes = 0
            hub.subscribers[index].replayedDeliveries = []
            hub.subscribers[index].lastSequence = after
            hub.subscribers[index].sentSequence = after
        }
        broadcast(text, entrySequence: nil, delivery: nil, &hub)
        let waiting = hub.future
        hub.future = []
        for event in waiting { handle(event, &hub) }
    }

    private func add(_ id: Int, _ stream: ResponseStream, _ start: Start, _ hub: inout HubThread) {
        guard !stream.isCancelled else { return }
        // A position of an older epoch (the journal restarted since the client's last event, or since this head):
        // the client hears of the reset, then the current epoch from its start.
        let stale = start.stale || start.epoch < hub.epoch
        let after = stale ? 0 : start.after
        var opening = EventText.opening(at: stale ? nil : EventPosition(epoch: hub.epoch, sequence: after))
        if stale { opening += EventText.reset(epoch: hub.epoch, after: 0, cause: "epochChanged") }
        stream.send(opening)
        var subscriber = HubThread.Subscriber(id: id, stream: stream, lastSequence: after, sentSequence: after)
        // Nothing is held yet, so nothing can overflow here.
        _ = startReplay(&subscriber, hub.epoch)
        hub.subscribers.append(subscriber)
    }

    /// Takes the entries after the subscriber's last sequence from a snapshot of the journal; goes live when there
    /// are none (or the journal has moved to an epoch the hub has yet to hear of: the reset will follow).
    /// - Returns: `false` when what was held meanwhile does not fit in the buffer: the subscriber must be dropped.
    private func startReplay(_ subscriber: inout HubThread.Subscriber, _ epoch: UInt64) -> Bool {
        let (journal, current) = engine.journalWithEpoch
        let start = journal.firstIndex(after: subscriber.lastSequence)
        guard current == epoch, start < journal.count, let last = journal.entry(at: journal.count &- 1) else {
            return goLive(&subscriber)
        }
        if subscriber.replay == nil {
            subscriber.stream.onDrained { [weak self] in self?.wake() }
        }
        if subscriber.replay == nil || subscriber.replayRedactor == nil {
            subscriber.replayRedactor = journal.redactor(redaction)
        }
        subscriber.replay = journal
        subscriber.replayIndex = start
        subscriber.lastSequence = last.sequence
        return true
    }

    /// Ends the replay: what was held meanwhile goes out (less the deliveries the replay carried).
    private func goLive(_ subscriber: inout HubThread.Subscriber) -> Bool {
        subscriber.stream.onDrained(nil)
        subscriber.replay = nil
        subscriber.replayRedactor = nil
        var bytes: [UInt8] = []
        for (text, delivery) in subscriber.held {
            if let delivery, subscriber.replayedDeliveries.contains(delivery) { continue }
            bytes += text
        }
        subscriber.held = []
        subscriber.heldBytes = 0
        guard fits(bytes.count, subscriber) else { return false }
        subscriber.stream.send(bytes)
        return true
    }

    /// Sends replaying subscribers what fits in half their buffers (the next part when the client has read it), at
    /// most ``replayBytesPerRound`` in all per round, starting with a different subscriber each round: live events
    /// queued meanwhile are not held up by many big replays, and no replay starves.
    /// - Returns: whether the round's budget ran out with replay work left (the thread goes on without waiting).
    func pace(_ hub: inout HubThread) -> Bool {
        var dropped: Set<Int> = []
        var budget = Self.replayBytesPerRound
        let count = hub.subscribers.count
        let first = count == 0 ? 0 : hub.paceStart % count
        hub.paceStart &+= 1
        for offset in 0..<count where budget > 0 {
            let index = (first + offset) % count
            guard hub.subscribers[index].replay != nil else { continue }
            var subscriber = hub.subscribers[index]
            defer { hub.subscribers[index] = subscriber }
            let room = min(budget, bufferBytes / 2 &- subscriber.stream.queuedBytes)
            guard room > 0, let replay = subscriber.replay, var redactor = subscriber.replayRedactor else { continue }
            defer { subscriber.replayRedactor = redactor }
            var bytes: [UInt8] = []
            defer { budget &-= bytes.count }
            while bytes.count < room, let entry = replay.entry(at: subscriber.replayIndex) {
                // An entry goes with its deliveries, in one piece. A piece that does not fit behind what waits
                // waits itself (the drain wakes the hub); alone, it always fits (``fits(_:_:)``): a replay is
                // paced, never dropped for one large entry.
                var piece = EventText.entry(redactor.redact(entry), epoch: hub.epoch)
                let deliveries = entry.deliveryIDs.isEmpty ? [] : engine.deliveries(causedBy: entry)
                for delivery in deliveries { piece += EventText.delivery(delivery, redactor) }
                guard fits(bytes.count &+ piece.count, subscriber) else { break }
                bytes += piece
                subscriber.replayIndex += 1
                subscriber.sentSequence = entry.sequence
                for delivery in deliveries { subscriber.replayedDeliveries.insert(delivery.id) }
            }
            if !bytes.isEmpty { subscriber.stream.send(bytes) }
            if subscriber.replayIndex >= replay.count, !startReplay(&subscriber, hub.epoch) {
                drop(subscriber, epoch: hub.epoch)
                dropped.insert(subscriber.id)
            }
        }
        if !dropped.isEmpty { hub.subscribers.removeAll { dropped.contains($0.id) } }
        return budget <= 0
    }

    /// Sends `bytes` to every live subscriber that has not had them, holds them for a replaying one (entries it
    /// will replay itself), and drops a subscriber that fell too far behind.
    /// `causedBy` is the sequence number of the journal entry a delivery's news belongs to (`nil` for other news):
    /// a subscriber whose replay holds that entry gets the delivery with it, so the news is not held for it (a
    /// broadcast to many devices would otherwise overflow a replaying subscriber that joined between the two).
    func broadcast(
        _ bytes: [UInt8], entrySequence: Int?, delivery: String?, causedBy: Int? = nil, _ hub: inout HubThread
    ) {
        broadcast(
            entrySequence: entrySequence, delivery: delivery, causedBy: causedBy, estimatedBytes: bytes.count, &hub
        ) { bytes }
    }

    /// ``broadcast(_:entrySequence:delivery:_:)`` for text that is costly to write (a journal entry): written once,
    /// and only if a subscriber takes it — while every subscriber replays, news is only counted (`estimatedBytes`).
    ///
    /// The stall rule: a live subscriber is dropped when more than ``bufferBytes`` wait for it; a replaying one
    /// (paced, so its queue never grows) when more than ``bufferBytes`` of news went by while part of its replay
    /// waited and its client took nothing at all.
    func broadcast(
        entrySequence: Int?, delivery: String?, causedBy: Int? = nil, estimatedBytes: Int, _ hub: inout HubThread,
        _ make: () -> [UInt8]
    ) {
        var made: [UInt8]?
        func text() -> [UInt8] {
            if let made { return made }
            let bytes = make()
            made = bytes
            return bytes
        }
        var dropped: Set<Int> = []
        for index in hub.subscribers.indices {
            var subscriber = hub.subscribers[index]
            if let entrySequence, entrySequence <= subscriber.lastSequence { continue }
            if subscriber.replay != nil {
                // A delivery of an entry the replay holds goes out with that entry: not held here.
                if let causedBy, causedBy <= subscriber.lastSequence { continue }
                // Stalled: something waits for the client, which took nothing since the last news.
                let taken = subscriber.stream.takenBytes
                if taken != subscriber.lastTaken || subscriber.stream.queuedBytes == 0 {
                    (subscriber.lastTaken, subscriber.unreadBytes) = (taken, 0)
                } else {
                    subscriber.unreadBytes &+= estimatedBytes
                }
                // A later entry is taken from the journal when the replay reaches it; other news waits for it.
                if entrySequence == nil {
                    let bytes = text()
                    subscriber.held.append((bytes, delivery))
                    subscriber.heldBytes &+= bytes.count
                }
                if subscriber.heldBytes > bufferBytes || subscriber.unreadBytes > bufferBytes {
                    drop(subscriber, epoch: hub.epoch)
                    dropped.insert(subscriber.id)
                } else {
                    hub.subscribers[index] = subscriber
                }
                continue
            }
            if let delivery, subscriber.replayedDeliveries.contains(delivery) { continue }
            let bytes = text()
            // Room is kept for the final event, so a dropped subscriber always learns why.
            guard fits(bytes.count, subscriber) else {
                drop(subscriber, epoch: hub.epoch)
                dropped.insert(subscriber.id)
                continue
            }
            subscriber.stream.send(bytes)
            if let entrySequence {
                subscriber.sentSequence = entrySequence
                hub.subscribers[index] = subscriber
            }
        }
        if !dropped.isEmpty { hub.subscribers.removeAll { dropped.contains($0.id) } }
    }

    /// Whether `count` more bytes may be queued for `subscriber`: nothing, what waits for it stays within the buffer
    /// (with room kept for a final `dropped` event), or nothing waits at all. The buffer bounds how far a subscriber falls
    /// behind, not how large one event may be: a broadcast's entry lists every delivery id, and at 100,000 devices is
    /// larger than the default buffer, yet a subscriber that has read everything before it is not behind.
    private func fits(_ count: Int, _ subscriber: HubThread.Subscriber) -> Bool {
        let queued = subscriber.stream.queuedBytes
        return count == 0 || queued == 0 || queued &+ count <= bufferBytes &- 512
    }

    /// A last `dropped` event, then the end of the stream.
    private func drop(_ subscriber: HubThread.Subscriber, epoch: UInt64) {
        subscriber.stream.onDrained(nil)
        subscriber.stream.send(
            EventText.dropped(bufferBytes: bufferBytes, lastSequence: subscriber.sentSequence, epoch: epoch))
        subscriber.stream.finish()
        countDrop()
    }
}

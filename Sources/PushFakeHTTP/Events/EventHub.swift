import Foundation
import PushFakeCore

/// `GET /__pushfake/events`: one engine's journal entries and deliveries as server-sent events, for every
/// subscriber (the dashboard, `pushfake tail`, other languages' test harnesses).
///
/// Vendor traffic pays almost nothing for it: the engine's watcher only appends the news to this hub's queue; the
/// hub's own thread writes each event's text once and hands it to every subscriber's stream, which never blocks. A
/// subscriber that falls more than ``bufferBytes`` behind on live events (a stalled reader) is dropped with a final
/// `dropped` event instead of slowing anyone; a replay (`?since=`) is paced by what the client reads, however long
/// the journal. While nobody subscribes the hub has no watcher and no thread.
///
/// The stream (`text/event-stream`; FakeBehaviour.md, "The events stream"):
/// ```
/// retry: 2000
/// id: 4711:6                         ← where this stream starts: journal epoch 4711, after entry 6
///
/// id: 4711:7
/// event: entry
/// data: {"v":1,"seq":7,…}          ← a JSON Lines journal entry (RecordingFormat.md)
///
/// event: delivery
/// data: {"id":"3000000000000001",…} ← a delivery
///
/// event: note
/// data: {"delivery":{…},"note":"…"}  ← a note added to a delivery later (a failed simulator push)
///
/// id: 4712:0
/// event: reset
/// data: {"epoch":"4712","cause":"reset"}  ← the journal restarted: forget what the stream said before
///
/// event: state
/// data: {"cause":"stateLoaded"}      ← PUT /__pushfake/state replaced devices and deliveries
///
/// : heartbeat                        ← every heartbeat interval
///
/// event: end
/// data: {"reason":"shutdown",…}      ← the last event when the server stops or the instance is deleted
/// ```
/// Every `id:` is `EPOCH:SEQ`. `?since=` and `Last-Event-ID` take that form (or a bare `SEQ` of the current epoch)
/// and replay what came after it; a position of another epoch replays the current epoch from its start, after a
/// `reset` event. Where a subscriber without one starts is fixed when its response head is produced.
package final class EventHub: Sendable {
    /// Why the hub ends every stream with a final `end` event; it then takes no more subscribers.
    package typealias Ending = HoldEnding

    /// Where a subscriber starts, read from the engine when its head was produced.
    struct Start {
        var epoch: UInt64
        var after: Int
        /// The client asked to resume from a position of another epoch (or past the journal's end).
        var stale: Bool
    }

    private enum Admission {
        case admitted(id: Int, startThread: Bool)
        case refused(Ending)
    }

    enum Event {
        case news(EngineEvent, epoch: UInt64)
        case subscribe(id: Int, stream: ResponseStream, start: Start)
        case end(Ending)
    }

    private struct Shared {
        var queue: [Event] = []
        /// Subscribers whose clients went away, for the thread to forget.
        var cancelled: Set<Int> = []
        /// Something besides the queue wants the thread to look (a replaying stream drained).
        var poked = false
        var nextID = 1
        var running = false
        var watcherToken: Int?
        var ended: Ending?
        var dropped = 0
    }

    let engine: PushFake
    /// Seconds between heartbeat comments.
    let heartbeat: Double
    /// How far behind on live events a subscriber may fall before it is dropped.
    let bufferBytes: Int
    /// The secrets entries leave out: the server's, as its JSON Lines export (RecordingFormat.md).
    let redaction: RecordingRedaction
    private let shared = Locked(Shared())
    private let signal = NSCondition()
    /// The most replay text the thread writes before it looks at its queue again.
    static let replayBytesPerRound = 64 * 1024

    package init(
        engine: PushFake, heartbeat: Double, bufferBytes: Int, redaction: RecordingRedaction = .standard
    ) {
        self.engine = engine
        self.heartbeat = heartbeat
        self.bufferBytes = bufferBytes
        self.redaction = redaction
    }

    /// Adds a subscriber from `requested` on (`nil`: from now). Called as the stream's head is produced: the start
    /// is fixed here, however busy the hub's thread is; the replay and the live events follow on that thread.
    package func subscribe(_ stream: ResponseStream, from requested: EventPosition?) {
        let position = engine.journalPosition
        var start = Start(epoch: position.epoch, after: position.sequence, stale: false)
        if let requested {
            if (requested.epoch ?? position.epoch) == position.epoch, requested.sequence <= position.sequence {
                start.after = requested.sequence
            } else {
                (start.after, start.stale) = (0, true)
            }
        }
        let admitted = shared.withLock { shared -> Admission in
            if let ended = shared.ended { return .refused(ended) }
            let id = shared.nextID
            shared.nextID += 1
            shared.queue.append(.subscribe(id: id, stream: stream, start: start))
            defer { shared.running = true }
            return .admitted(id: id, startThread: !shared.running)
        }
        switch admitted {
        case .refused(let ending):
            stream.send(EventText.opening(at: nil) + EventText.end(ending))
            stream.finish()
        case .admitted(let id, let startThread):
            stream.onCancel { [weak self] in self?.forget(id) }
            if startThread { self.startThread() }
            wake()
        }
    }

    /// Ends every stream with a final `end` event, now and for later subscribers (the server stops, or the
    /// instance is deleted). Once the streams have ended the thread and the watcher go, so the hub holds nothing of
    /// the engine but the reference the caller drops.
    package func end(_ ending: Ending) {
        shared.withLock { shared in
            guard shared.ended == nil else { return }
            shared.ended = ending
            if shared.running { shared.queue.append(.end(ending)) }
        }
        wake()
    }

    /// Subscribers dropped for falling behind, since the hub was made.
    package var droppedCount: Int { shared.withLock { $0.dropped } }

    /// Whether the hub's thread is running (it stops once no subscriber is left).
    package var isRunning: Bool { shared.withLock { $0.running } }

    private func startThread() {
        // Watch before the thread runs, so nothing after subscribe() is missed; the epoch comes with the token.
        let (token, epoch) = engine.addWatcher { [weak self] news, epoch in self?.enqueue(.news(news, epoch: epoch)) }
        shared.withLock { $0.watcherToken = token }
        let thread = Thread { [self] in run(HubThread(epoch: epoch)) }
        thread.name = "pushfake-events"
        thread.start()
    }

    private func enqueue(_ event: Event) {
        shared.withLock { $0.queue.append(event) }
        wake()
    }

    func wake() {
        shared.withLock { $0.poked = true }
        signal.lock()
        signal.signal()
        signal.unlock()
    }

    private func forget(_ id: Int) {
        shared.withLock { _ = $0.cancelled.insert(id) }
        wake()
    }

    func countDrop() {
        shared.withLock { $0.dropped &+= 1 }
    }

    /// The hub's thread: formats queued events once, sends them to every subscriber, paces replays, beats the
    /// heart, and ends when the last subscriber has gone.
    private func run(_ initial: HubThread) {
        var hub = initial
        var nextBeat = Date().addingTimeInterval(heartbeat)
        while true {
            let taken = shared.withLock { shared -> (events: [Event], cancelled: Set<Int>)? in
                let events = shared.queue
                let cancelled = shared.cancelled
                shared.queue = []
                shared.cancelled = []
                shared.poked = false
                let left = hub.subscribers.contains { !cancelled.contains($0.id) }
                guard events.isEmpty, !left, hub.future.isEmpty else { return (events, cancelled) }
                shared.running = false
                if let token = shared.watcherToken { engine.removeWatcher(token) }
                shared.watcherToken = nil
                return nil
            }
            guard let (events, cancelled) = taken else { return }
            hub.subscribers.removeAll { cancelled.contains($0.id) || $0.stream.isCancelled }
            for event in events { handle(event, &hub) }
            let moreReplay = pace(&hub)
            if Date() >= nextBeat {
                broadcast(EventText.heartbeat, entrySequence: nil, delivery: nil, &hub)
                nextBeat = Date().addingTimeInterval(heartbeat)
            }
            signal.lock()
            let idle = !moreReplay && shared.withLock { $0.queue.isEmpty && $0.cancelled.isEmpty && !$0.poked }
            if idle { _ = signal.wait(until: min(nextBeat, Date().addingTimeInterval(1))) }
            signal.unlock()
        }
    }

    /// A redactor that numbers secrets as the engine's journal does (``Journal/redactor(_:)``), knowing `extra`
    /// too (the journal may have dropped it already), so an entry's line equals its line in a JSON Lines export.
    func redactor(extra: JournalEntry? = nil, delivery: Delivery? = nil) -> RecordingRedactor {
        let journal = engine.journal
        return journal.secretIndex.redactor(
            redaction, for: journal, extra: extra, delivery: delivery.map { ($0.vendor, $0.app) })
    }

    /// A redactor for a delivery's event: a delivery's app may be a secret (a TPNS application key,
    /// ``VendorSecret/Place/app``), also when no journal entry made the delivery (a notification loaded from a
    /// state document).
    func redactor(for delivery: Delivery) -> RecordingRedactor {
        redactor(delivery: delivery)
    }
}

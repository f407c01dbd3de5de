import Foundation
import PushFakeCore

/// `GET /__pushfake/events`: one engine's journal entries and deliveries as server-sent events, for every
/// subscriber (the dashboard, `pushfake tail`, other languages' test harnesses).
///
/// Vendor traffic pays almost nothing for it: the engine's observers only append the entry or delivery to this
/// hub's queue; the hub's own thread writes each event's text once and hands it to every subscriber's stream,
/// which never blocks. A subscriber that falls more than ``bufferBytes`` behind (a stalled reader) is dropped with a
/// final `dropped` event instead of slowing anyone. While nobody subscribes the hub has no observers and no thread.
///
/// The stream (`text/event-stream`):
/// ```
/// retry: 2000
///
/// id: 7
/// event: entry
/// data: {"v":1,"seq":7,…}          ← a JSON Lines journal entry (RecordingFormat.md)
///
/// event: delivery
/// data: {"id":"3000000000000001",…} ← a delivery
///
/// event: note
/// data: {"delivery":{…},"note":"…"}  ← a note added to a delivery later (a failed simulator push)
///
/// : heartbeat                        ← every heartbeat interval
/// ```
/// `?since=SEQ` (or the `Last-Event-ID` header an `EventSource` sends when it reconnects) replays the entries after
/// SEQ, with their deliveries, before the live ones.
package final class EventHub: Sendable {
    private struct Subscriber {
        let id: Int
        let stream: ResponseStream
        /// Entries up to this sequence number were sent (by the replay); later live ones with a lower one are not.
        var lastSequence: Int
        /// Deliveries the replay sent, so their live copies are skipped.
        var replayedDeliveries: Set<String>
    }

    private enum Event {
        case entry(JournalEntry)
        case delivery(Delivery)
        case note(Delivery, String)
        case subscribe(id: Int, stream: ResponseStream, since: Int?)
    }

    private struct State {
        var queue: [Event] = []
        var subscribers: [Subscriber] = []
        var pendingSubscribers = 0
        var nextID = 1
        var running = false
        var observerTokens: (entry: Int, delivery: Int, note: Int)?
    }

    private let engine: PushFake
    /// Seconds between heartbeat comments.
    let heartbeat: Double
    /// How far behind a subscriber may fall before it is dropped.
    let bufferBytes: Int
    /// The secrets entries leave out: the server's, as its JSON Lines export (RecordingFormat.md).
    let redaction: RecordingRedaction
    private let state = Locked(State())
    private let signal = NSCondition()

    package init(
        engine: PushFake, heartbeat: Double, bufferBytes: Int, redaction: RecordingRedaction = .standard
    ) {
        self.engine = engine
        self.heartbeat = heartbeat
        self.bufferBytes = bufferBytes
        self.redaction = redaction
    }

    /// Adds a subscriber; the stream's head is already on its way. The replay (entries after `since`) and the live
    /// events follow on the hub's thread.
    package func subscribe(_ stream: ResponseStream, since: Int?) {
        let (id, start) = state.withLock { state -> (Int, Bool) in
            let id = state.nextID
            state.nextID += 1
            state.queue.append(.subscribe(id: id, stream: stream, since: since))
            state.pendingSubscribers += 1
            let start = !state.running
            state.running = true
            return (id, start)
        }
        stream.onCancel { [weak self] in self?.remove(id) }
        if start { startThread() }
        wake()
    }

    /// Ends every subscriber's stream (the server stops, or the instance is deleted).
    package func finishAll() {
        let streams = state.withLock { state in state.subscribers.map(\.stream) }
        for stream in streams { stream.finish() }
    }

    private func startThread() {
        // Observe before the thread runs, so nothing recorded after subscribe() is missed.
        let entryToken = engine.addObserver { [weak self] entry in self?.enqueue(.entry(entry)) }
        let deliveryToken = engine.onDelivery { [weak self] delivery in self?.enqueue(.delivery(delivery)) }
        let noteToken = engine.onDeliveryNote { [weak self] delivery, note in self?.enqueue(.note(delivery, note)) }
        state.withLock { $0.observerTokens = (entryToken, deliveryToken, noteToken) }
        let thread = Thread { [self] in run() }
        thread.name = "pushfake-events"
        thread.start()
    }

    private func enqueue(_ event: Event) {
        state.withLock { $0.queue.append(event) }
        wake()
    }

    private func wake() {
        signal.lock()
        signal.signal()
        signal.unlock()
    }

    private func remove(_ id: Int) {
        state.withLock { $0.subscribers.removeAll { $0.id == id } }
        wake()
    }

    /// The hub's thread: formats queued events once, sends them to every subscriber, beats the heart, and ends when
    /// the last subscriber has gone.
    private func run() {
        var nextBeat = Date().addingTimeInterval(heartbeat)
        while true {
            let (events, done) = state.withLock { state -> ([Event], Bool) in
                defer { state.queue = [] }
                let done = state.subscribers.isEmpty && state.pendingSubscribers == 0 && state.queue.isEmpty
                if done {
                    state.running = false
                    if let tokens = state.observerTokens {
                        engine.removeObserver(tokens.entry)
                        engine.removeDeliveryObserver(tokens.delivery)
                        engine.removeDeliveryNoteObserver(tokens.note)
                    }
                    state.observerTokens = nil
                }
                return (state.queue, done)
            }
            if done { return }
            for event in events { handle(event) }
            if Date() >= nextBeat {
                broadcast(Array(": heartbeat\n\n".utf8), entrySequence: nil, delivery: nil)
                nextBeat = Date().addingTimeInterval(heartbeat)
            }
            signal.lock()
            let idle = state.withLock { $0.queue.isEmpty }
            if idle { _ = signal.wait(until: min(nextBeat, Date().addingTimeInterval(1))) }
            signal.unlock()
        }
    }

    private func handle(_ event: Event) {
        switch event {
        case .entry(let entry):
            // Numbered as the journal numbers its secrets, so each line equals the entry's line in a JSON Lines
            // export of the journal.
            var redactor = redactor(extra: entry)
            broadcast(Self.text(redactor.redact(entry)), entrySequence: entry.sequence, delivery: nil)
        case .delivery(let delivery):
            broadcast(Self.text(delivery, redactor(for: delivery)), entrySequence: nil, delivery: delivery.id)
        case .note(let delivery, let note):
            // Every subscriber hears of a note, also one whose replay already carried the delivery.
            let data = JSON.object(["delivery": delivery.jsonValue, "note": .string(note)]).serializedString()
            let text = redactor(for: delivery).redact(text: data)
            broadcast(Array("event: note\ndata: \(text)\n\n".utf8), entrySequence: nil, delivery: nil)
        case .subscribe(let id, let stream, let since):
            var subscriber = Subscriber(id: id, stream: stream, lastSequence: 0, replayedDeliveries: [])
            var bytes = Array("retry: 2000\n\n".utf8)
            if let since {
                let journal = engine.journal
                var redactor = journal.redactor(redaction)
                for entry in journal.entries where entry.sequence > since {
                    bytes += Self.text(redactor.redact(entry))
                    subscriber.lastSequence = entry.sequence
                    for delivery in engine.deliveries(causedBy: entry) {
                        bytes += Self.text(delivery, redactor)
                        subscriber.replayedDeliveries.insert(delivery.id)
                    }
                }
            } else {
                subscriber.lastSequence = engine.journal.totalCount
            }
            state.withLock { state in
                state.pendingSubscribers -= 1
                if !stream.isCancelled { state.subscribers.append(subscriber) }
            }
            deliver(bytes, to: subscriber)
        }
    }

    private func broadcast(_ bytes: [UInt8], entrySequence: Int?, delivery: String?) {
        let targets = state.withLock { state in
            state.subscribers.filter { subscriber in
                if let entrySequence, entrySequence <= subscriber.lastSequence { return false }
                if let delivery, subscriber.replayedDeliveries.contains(delivery) { return false }
                return true
            }
        }
        for subscriber in targets { deliver(bytes, to: subscriber) }
    }

    /// Sends, unless the subscriber is too far behind: then a last `dropped` event and the end of its stream.
    private func deliver(_ bytes: [UInt8], to subscriber: Subscriber) {
        let stream = subscriber.stream
        // Room is kept for the final event, so a dropped subscriber always learns why.
        guard stream.queuedBytes &+ bytes.count <= bufferBytes &- 512 else {
            let reason =
                #"{"reason":"the subscriber fell more than \#(bufferBytes) bytes behind","#
                + #""lastSequence":\#(subscriber.lastSequence)}"#
            stream.send(Array("event: dropped\ndata: \(reason)\n\n".utf8))
            stream.finish()
            remove(subscriber.id)
            return
        }
        stream.send(bytes)
    }

    /// An `entry` event of an entry already redacted.
    static func text(_ entry: JournalEntry) -> [UInt8] {
        Array("id: \(entry.sequence)\nevent: entry\ndata: \(entry.jsonValue.serializedString())\n\n".utf8)
    }

    /// A `delivery` event, its secrets (the payload may carry what a request did) replaced.
    static func text(_ delivery: Delivery, _ redactor: RecordingRedactor) -> [UInt8] {
        Array("event: delivery\ndata: \(redactor.redact(text: delivery.jsonValue.serializedString()))\n\n".utf8)
    }

    /// A redactor that numbers secrets as the engine's journal does (``Journal/redactor(_:)``), knowing `extra`
    /// too (the journal may have dropped it already).
    private func redactor(extra: JournalEntry? = nil, appKeys: [String] = []) -> RecordingRedactor {
        let journal = engine.journal
        return journal.secretIndex.redactor(redaction, for: journal, extra: extra, appKeys: appKeys)
    }

    /// A redactor for a delivery's event: a TPNS delivery's app is an application key, also when no journal
    /// entry made the delivery (a notification loaded from a state document).
    private func redactor(for delivery: Delivery) -> RecordingRedactor {
        redactor(appKeys: delivery.vendor == .tpns ? [delivery.app] : [])
    }
}

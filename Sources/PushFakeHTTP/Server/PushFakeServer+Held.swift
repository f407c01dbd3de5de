import PushFakeCore

/// The events hubs of a server, by engine, and whether new ones may be made.
struct EventHubs {
    var hubs: [ObjectIdentifier: EventHub] = [:]
    /// `false` from `stop()` until the next `start()`.
    var open = true
}

extension PushFakeServer {
    /// The events hub of `engine` (the server's or an instance's), made on first use; `nil` while the server stops.
    package func eventHub(for engine: PushFake) -> EventHub? {
        eventHubs.withLock { state in
            guard state.open else { return nil }
            if let hub = state.hubs[ObjectIdentifier(engine)] { return hub }
            let hub = EventHub(
                engine: engine, heartbeat: configuration.eventsHeartbeat, bufferBytes: configuration.eventsBufferBytes,
                redaction: configuration.recordingRedaction)
            state.hubs[ObjectIdentifier(engine)] = hub
            return hub
        }
    }

    /// Ends what the server holds open for `engine` — waits answer 410, event streams end with a final `end` event —
    /// and forgets its hub: the instance was deleted. Nothing of the engine is held afterwards.
    package func endHeld(of engine: PushFake, _ ending: HoldEnding) {
        let hub = eventHubs.withLock { $0.hubs.removeValue(forKey: ObjectIdentifier(engine)) }
        hub?.end(ending)
        heldReplies.end(heldFor: engine, ending)
    }

    /// The server stops: every wait answers 503 and every event stream ends with a final `end` event, and nothing new
    /// is held until the next start.
    func closeHeld() {
        let hubs = eventHubs.withLock { state -> [EventHub] in
            state.open = false
            defer { state.hubs = [:] }
            return Array(state.hubs.values)
        }
        for hub in hubs { hub.end(.shutdown) }
        heldReplies.close(.shutdown)
    }

    /// The server starts (again): waits and event streams are taken again.
    func reopenHeld() {
        eventHubs.withLock { $0.open = true }
        heldReplies.reopen()
    }
}

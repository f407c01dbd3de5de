import Foundation
import PushFakeHTTP1

extension PushFake {
    // MARK: Faults

    /// Adds a fault rule; rules apply in the order they were added, first match wins.
    ///
    /// ```swift
    /// fake.inject(.status(503), when: .vendor(vendor).operation(.register), scope: .once)
    /// ```
    /// - Returns: the rule's id, for ``removeFault(id:)`` and ``faultRules``.
    @discardableResult
    public func inject(_ fault: Fault, when matcher: RequestMatcher = .any, scope: FaultScope = .once) -> String {
        state.withLock { state in
            let id = "fault-\(state.nextFaultNumber)"
            state.nextFaultNumber += 1
            state.faultRules.append(FaultRule(id: id, matcher: matcher, fault: fault, scope: scope))
            return id
        }
    }

    /// The rules with their counters, in order.
    public var faultRules: [FaultRule] {
        state.withLock { $0.faultRules }
    }

    /// Removes one rule; `false` when no rule has that id.
    @discardableResult
    public func removeFault(id: String) -> Bool {
        state.withLock { state in
            guard let index = state.faultRules.firstIndex(where: { $0.id.hasSameBytes(as: id) }) else { return false }
            state.faultRules.remove(at: index)
            return true
        }
    }

    /// Removes every fault rule; journal entries keep the faults already applied to them.
    public func removeAllFaults() {
        state.withLock { $0.faultRules.removeAll() }
    }

    // MARK: Journal

    /// A snapshot of the journal.
    public var journal: Journal {
        state.withLock { $0.journal }
    }

    /// Forgets the journal entries and nothing else: devices, deliveries, fault rules and the clock stay.
    ///
    /// Sequence numbers keep counting (the next entry is ``Journal/totalCount`` + 1), so entries read before the
    /// clear are never confused with new ones. ``reset()`` is the call that starts everything over.
    public func clearJournal() {
        let (cleared, news, restart) = state.withLock { state in
            defer { publishUsage(of: state.journal) }
            let cleared = state.journal.clearEntries()
            state.journalEpoch &+= 1
            let restart = JournalRestart(cause: .journalCleared, nextSequence: state.journal.totalCount &+ 1)
            return (cleared, state.watcherNews, restart)
        }
        news.tell(.journalRestarted(restart))
        // Freed after the lock: a million entries take tens of milliseconds to free.
        withExtendedLifetime(cleared) {}
    }

    /// The journal's size (entries held, ever appended, dropped, limit, approximate bytes) as of its last change,
    /// without taking a snapshot and without the engine's lock: it never waits for a long request (a send to a
    /// million devices) that holds the engine.
    public var journalUsage: JournalUsage {
        published.withLock { $0.journalUsage }
    }

    /// The journal entries a matcher accepts, oldest first.
    public func entries(matching matcher: RequestMatcher = .any) -> [JournalEntry] {
        journal.entries(matching: matcher)
    }

    // MARK: Clock

    /// The fake clock's current time.
    public var now: Date {
        state.withLock { $0.clock.now }
    }

    /// The `Date` of an answer given now (RFC 9110 §6.6.1), from the engine's clock: what hosts write on answers
    /// that did not come from ``handle(_:)`` (the admin API, requests the transport rejects).
    /// Read without the engine's lock, from the clock as of its last change.
    package var httpDate: HTTP1Date {
        published.withLock { $0.currentHTTPDate() }
    }

    /// Whether the clock is fixed or follows wall time (a loaded state may have changed it, see ``loadState(_:)``).
    public var clockMode: FakeClock.Mode {
        state.withLock { $0.clock.mode }
    }

    /// Moves the clock; every vendor's clock tick runs, so scheduled sends whose time has come are delivered
    /// (TwinPush `send_since`).
    /// - Returns: `false`, changing nothing, when `interval` is not finite or the clock would leave
    ///   ``FakeClock/validRange`` (1970-01-01…9999-12-31).
    @discardableResult
    public func advanceClock(by interval: TimeInterval) -> Bool {
        moveClock { $0.advance(by: interval) }
    }

    /// Sets the clock; every vendor's clock tick runs, so scheduled sends whose time has come are delivered.
    /// - Returns: `false`, changing nothing, when `date` is outside ``FakeClock/validRange``.
    @discardableResult
    public func setClock(to date: Date) -> Bool {
        moveClock { $0.set(to: date) }
    }

    /// Moves the clock by `move`; when it moved, publishes it, runs every vendor's clock tick and tells the
    /// deliveries that made. `move` returns `false`, changing nothing, when the clock cannot go there.
    private func moveClock(_ move: (inout FakeClock) -> Bool) -> Bool {
        let (moved, delivered) = state.withLock { state in
            guard move(&state.clock) else { return (false, DeliveryNews()) }
            publishClock(state.clock)
            state.tick()
            return (true, state.takeNewDeliveries())
        }
        delivered.tell()
        return moved
    }

    // MARK: Deliveries

    /// Every delivery, in creation order.
    public var deliveries: [Delivery] {
        state.withLock { $0.services.deliveryLog.all }
    }

    /// Deliveries to one device (its vendor's device id), optionally of one vendor.
    public func deliveries(to deviceID: String, vendor: Vendor? = nil) -> [Delivery] {
        deliveries.filter { $0.deviceID.hasSameBytes(as: deviceID) && (vendor == nil || $0.vendor == vendor) }
    }

    /// Deliveries of one notification (its vendor's notification or send id).
    public func deliveries(ofNotification notificationID: String) -> [Delivery] {
        state.withLock { $0.services.deliveries(ofNotification: notificationID) }
    }

    /// Deliveries of one vendor.
    public func deliveries(vendor: Vendor) -> [Delivery] {
        deliveries.filter { $0.vendor == vendor }
    }

    /// The deliveries a journal entry caused.
    public func deliveries(causedBy entry: JournalEntry) -> [Delivery] {
        state.withLock { state in entry.deliveryIDs.compactMap { state.services.delivery(id: $0) } }
    }

    // MARK: Lifecycle

    /// Forgets devices, notifications, deliveries, journal and fault rules; the clock and ids start over.
    /// Declared apps stay declared.
    public func reset() {
        let (retired, news) = state.withLock { state in
            let old = (state.journal, state.services, state.vendorSlots)
            state.reset(vendors: vendors)
            publishUsage(of: state.journal)
            publishClock(state.clock)
            return (old, state.watcherNews)
        }
        news.tell(.journalRestarted(JournalRestart(cause: .reset, nextSequence: 1)))
        // The old journal and state are freed after the lock, as in clearJournal().
        withExtendedLifetime(retired) {}
    }

    /// Calls `observer` after each new journal entry, outside the engine lock. Keep it quick.
    /// - Returns: a token for ``removeObserver(_:)``.
    @discardableResult
    public func addObserver(_ observer: @escaping @Sendable (JournalEntry) -> Void) -> Int {
        register(observer, in: \.observers)
    }

    /// Puts `observer` into one of the engine's observer tables under a fresh token (tokens are shared by all tables).
    func register<Observer>(_ observer: Observer, in table: WritableKeyPath<EngineState, [Int: Observer]>) -> Int {
        state.withLock { state in
            let id = state.nextObserverID
            state.nextObserverID += 1
            state[keyPath: table][id] = observer
            return id
        }
    }

    /// Stops calling the observer that ``addObserver(_:)`` returned `token` for; an unknown token is ignored.
    public func removeObserver(_ token: Int) {
        _ = state.withLock { $0.observers.removeValue(forKey: token) }
    }

    /// Calls `observer` with each new delivery — what a device would receive — outside the engine lock: a custom
    /// sink (a file per push, a simulator, a dashboard). Deliveries a request causes come after its journal entry's
    /// observers ran; deliveries the clock releases (a scheduled TwinPush notification) come when it moves.
    ///
    /// ```swift
    /// fake.onDelivery { delivery in print(delivery.deviceID, String(decoding: delivery.payload, as: UTF8.self)) }
    /// ```
    /// - Returns: a token for ``removeDeliveryObserver(_:)``.
    @discardableResult
    public func onDelivery(_ observer: @escaping @Sendable (Delivery) -> Void) -> Int {
        register(observer, in: \.deliveryObservers)
    }

    /// Stops calling the observer that ``onDelivery(_:)`` returned `token` for; an unknown token is ignored.
    public func removeDeliveryObserver(_ token: Int) {
        state.withLock { state in
            state.deliveryObservers.removeValue(forKey: token)
            if state.deliveryObservers.isEmpty && state.watchers.isEmpty { state.tickDeliveries = [] }
        }
    }
}

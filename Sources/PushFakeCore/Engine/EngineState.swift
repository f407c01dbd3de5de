import Foundation
import PushFakeHTTP1

/// Everything an engine instance holds, guarded by its one lock.
struct EngineState {
    let configuration: PushFakeConfiguration
    var clock: FakeClock
    /// Ids, deliveries and the time: what handlers may use of the engine.
    var services: VendorServices
    /// A separate stream from the ids, so adding a probabilistic fault does not renumber anything.
    var faultGenerator: SplitMix64
    var journal: Journal
    var faultRules: [FaultRule] = []
    var nextFaultNumber = 1
    /// One state box per registered vendor, in registry order (the router's vendor indexes); a loaded state
    /// replaces them all at once.
    var vendorSlots: [VendorSlot]
    var observers: [Int: @Sendable (JournalEntry) -> Void] = [:]
    var deliveryObservers: [Int: @Sendable (Delivery) -> Void] = [:]
    /// Told when a note is added to a delivery (``PushFake/addNote(_:toDelivery:)``), with the delivery as it is now.
    var noteObservers: [Int: @Sendable (Delivery, String) -> Void] = [:]
    /// Package watchers (``PushFake/addWatcher(_:)``): every kind of news, with the journal epoch.
    var watchers: [Int: @Sendable (EngineEvent, UInt64) -> Void] = [:]
    var nextObserverID = 1
    /// Deliveries clock ticks made since delivery observers last heard of them (kept only while there are some).
    var tickDeliveries: [String] = []
    /// The journal's epoch (``JournalPosition/epoch``): random at first, one more at each restart of the journal.
    var journalEpoch = UInt64.random(in: 1...(1 << 40))
    /// The `Date` of answers given at the clock's current second, formatted once per second
    /// (``httpDate(at:)``).
    var httpDate = HTTP1Date(secondsSince1970: 0)
    /// The context a handler runs in, kept from one request to the next: the engine fills in each request's values
    /// instead of building a new one, whose construction copied it once (Performance.md, "Allocations and small
    /// strings"). Between requests it holds placeholders and the last request's route, body error, clock and delay.
    var handlerContext = VendorContext.idle

    init(configuration: PushFakeConfiguration, vendors: VendorRegistry) {
        self.configuration = configuration
        self.clock = FakeClock(mode: configuration.clockMode, start: configuration.clockStart)
        self.services = VendorServices(configuration, seed: configuration.seed, now: clock.now)
        self.faultGenerator = Self.faultGenerator(seed: configuration.seed)
        self.journal = Journal(limit: configuration.journalLimit, secrets: vendors.secretRules)
        self.vendorSlots = Self.makeSlots(configuration: configuration, vendors: vendors)
    }

    /// The probabilistic faults' generator of a fresh engine.
    static func faultGenerator(seed: UInt64) -> SplitMix64 {
        SplitMix64(seed: seed ^ 0x5EED_FA17_0000_0001)
    }

    /// Fresh vendor states, with the apps of the configuration's JSON declared (they were checked when it was read).
    static func makeSlots(configuration: PushFakeConfiguration, vendors: VendorRegistry) -> [VendorSlot] {
        let slots = vendors.entries.map { $0.makeSlot(configuration) }
        for (name, apps) in configuration.appDeclarations {
            guard let index = vendors.index(of: Vendor(name)), let commit = try? slots[index].prepareApps(apps) else {
                continue
            }
            commit()
        }
        return slots
    }

    /// Back to the configured start, keeping observers (a test's waiters survive a reset) and declared apps; the
    /// journal begins a new epoch.
    mutating func reset(vendors: VendorRegistry) {
        let observers = self.observers
        let deliveryObservers = self.deliveryObservers
        let noteObservers = self.noteObservers
        let watchers = self.watchers
        let nextObserverID = self.nextObserverID
        let epoch = journalEpoch &+ 1
        let apps = vendorSlots.map { $0.declaredApps() }
        self = EngineState(configuration: configuration, vendors: vendors)
        self.observers = observers
        self.deliveryObservers = deliveryObservers
        self.noteObservers = noteObservers
        self.watchers = watchers
        self.nextObserverID = nextObserverID
        self.journalEpoch = epoch
        for (slot, declared) in zip(vendorSlots, apps) {
            if let declared, let commit = try? slot.prepareApps(declared) { commit() }
        }
    }

    /// The `Date` of an answer given at `now` (the clock's time), from the once-per-second cache.
    mutating func httpDate(at now: Date) -> HTTP1Date {
        httpDate = httpDate.at(secondsSince1970: HTTP1Date.second(containing: now.timeIntervalSince1970))
        return httpDate
    }

    /// Lets every vendor act on the clock's current time (scheduled sends falling due). What a tick delivers is
    /// caused by no request, so it is not credited to the next journal entry.
    mutating func tick() {
        services.now = clock.now
        for slot in vendorSlots { slot.tick(&services) }
        let released = services.takeCaused()
        // No request caused them, so no journal entry notes their problems: they stay on the deliveries.
        services.forgetCausedProblems()
        if !deliveryObservers.isEmpty || !watchers.isEmpty { tickDeliveries += released }
    }

    /// What delivery observers have not heard of yet: deliveries clock ticks made, then `caused` (those of the
    /// journal entry numbered `entry`), with the observers to tell. Empty when nobody observes deliveries.
    mutating func takeNewDeliveries(caused: [String] = [], byEntry entry: Int? = nil) -> DeliveryNews {
        guard !deliveryObservers.isEmpty || !watchers.isEmpty else { return DeliveryNews() }
        let ticked = tickDeliveries.compactMap { services.delivery(id: $0) }
        tickDeliveries = []
        return DeliveryNews(
            ticked: ticked, caused: caused.compactMap { services.delivery(id: $0) }, entry: entry,
            observers: Array(deliveryObservers.values), watchers: watcherNews)
    }

    /// The watchers to tell, with the current epoch; empty (and free) without watchers.
    var watcherNews: WatcherNews {
        watchers.isEmpty ? WatcherNews() : WatcherNews(watchers: Array(watchers.values), epoch: journalEpoch)
    }

    /// The journal observers and watchers to tell of a new entry, carried out of the lock.
    var entryNews: EntryNews {
        EntryNews(observers: observers.isEmpty ? [] : Array(observers.values), watchers: watcherNews)
    }
}

/// A new journal entry's observers and watchers, carried out of the engine lock.
struct EntryNews {
    var observers: [@Sendable (JournalEntry) -> Void] = []
    var watchers = WatcherNews()

    /// Calls every observer, then every watcher; run it outside the lock.
    func tell(_ entry: JournalEntry) {
        for observer in observers { observer(entry) }
        watchers.tell(.entry(entry))
    }
}

/// New deliveries and the observers to tell, carried out of the engine lock: those the clock released, then those
/// of one journal entry.
struct DeliveryNews {
    var ticked: [Delivery] = []
    var caused: [Delivery] = []
    /// The sequence number of the entry that caused `caused`.
    var entry: Int?
    var observers: [@Sendable (Delivery) -> Void] = []
    var watchers = WatcherNews()

    /// Calls every observer and watcher with every delivery, in order; run it outside the lock.
    func tell() {
        for delivery in ticked { tell(delivery, entry: nil) }
        for delivery in caused { tell(delivery, entry: entry) }
    }

    private func tell(_ delivery: Delivery, entry: Int?) {
        for observer in observers { observer(delivery) }
        watchers.tell(.delivery(delivery, entry: entry))
    }
}

import Foundation

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
    /// One state box per registered vendor, in registry order (the router's vendor indexes).
    let vendorSlots: [VendorSlot]
    var observers: [Int: @Sendable (JournalEntry) -> Void] = [:]
    var nextObserverID = 1

    init(configuration: PushFakeConfiguration, vendors: VendorRegistry) {
        self.configuration = configuration
        self.clock = FakeClock(mode: configuration.clockMode, start: configuration.clockStart)
        self.services = VendorServices(seed: configuration.seed, now: clock.now)
        self.faultGenerator = SplitMix64(seed: configuration.seed ^ 0x5EED_FA17_0000_0001)
        self.journal = Journal(limit: configuration.journalLimit)
        self.vendorSlots = vendors.entries.map { $0.makeSlot(configuration) }
    }

    /// Back to the configured start, keeping observers (a test's waiters survive a reset).
    mutating func reset(vendors: VendorRegistry) {
        let observers = self.observers
        let nextObserverID = self.nextObserverID
        self = EngineState(configuration: configuration, vendors: vendors)
        self.observers = observers
        self.nextObserverID = nextObserverID
    }

    /// Lets every vendor act on the clock's current time (scheduled sends falling due). What a tick delivers is
    /// caused by no request, so it is not credited to the next journal entry.
    mutating func tick() {
        services.now = clock.now
        for slot in vendorSlots { slot.tick(&services) }
        _ = services.takeCaused()
    }
}

import Foundation

/// Everything an engine instance holds, guarded by its one lock.
struct EngineState: Sendable {
    let configuration: PushFakeConfiguration
    var clock: FakeClock
    var ids: DeterministicIDs
    /// A separate stream from the ids, so adding a probabilistic fault does not renumber anything.
    var faultGenerator: SplitMix64
    var journal: Journal
    var faultRules: [FaultRule] = []
    var nextFaultNumber = 1
    var tpns: TPNSState
    var twinPush: TwinPushState
    var deliveries = DeliveryLog()
    var observers: [Int: @Sendable (JournalEntry) -> Void] = [:]
    var nextObserverID = 1

    init(configuration: PushFakeConfiguration) {
        self.configuration = configuration
        self.clock = FakeClock(mode: configuration.clockMode, start: configuration.clockStart)
        self.ids = DeterministicIDs(seed: configuration.seed)
        self.faultGenerator = SplitMix64(seed: configuration.seed ^ 0x5EED_FA17_0000_0001)
        self.journal = Journal(limit: configuration.journalLimit)
        self.tpns = TPNSState(configuration: configuration)
        self.twinPush = TwinPushState(configuration: configuration)
    }

    /// Back to the configured start, keeping observers (a test's waiters survive a reset).
    mutating func reset() {
        let observers = self.observers
        let nextObserverID = self.nextObserverID
        self = EngineState(configuration: configuration)
        self.observers = observers
        self.nextObserverID = nextObserverID
    }
}

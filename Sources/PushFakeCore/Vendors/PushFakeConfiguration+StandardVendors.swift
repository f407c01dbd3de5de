import Foundation

extension PushFakeConfiguration {
    /// Creates a configuration. Defaults: seed 0, a fixed clock at ``FakeClock/defaultEpoch``, no TPNS state
    /// checks, an unbounded journal, no declared apps (everything auto-provisions), and token-less TPNS registers
    /// accepted. Settings of other vendors start at their defaults.
    ///
    /// ```swift
    /// var configuration = PushFakeConfiguration(seed: 42, tpnsApps: ["testApp"])
    /// configuration.twinPushApps = [TwinPushApp(id: "cs555ab2356a37a0", apiToken: "…", creatorToken: "…")]
    /// let fake = PushFake(configuration)
    /// ```
    public init(
        seed: UInt64 = 0,
        clockMode: FakeClock.Mode = .fixed,
        clockStart: Date = FakeClock.defaultEpoch,
        stateChecks: Bool = false,
        journalLimit: Int? = nil,
        tpnsApps: [String] = [],
        twinPushApps: [TwinPushApp] = [],
        tpnsRequireRegistrationID: Bool = false
    ) {
        self.init(seed: seed, clockMode: clockMode, clockStart: clockStart, journalLimit: journalLimit)
        self.stateChecks = stateChecks
        self.tpnsApps = tpnsApps
        self.twinPushApps = twinPushApps
        self.tpnsRequireRegistrationID = tpnsRequireRegistrationID
    }
}

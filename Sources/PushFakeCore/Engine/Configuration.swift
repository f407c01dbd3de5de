import Foundation

/// How a ``PushFake`` engine starts: seed, clock, declared apps and strictness.
///
/// ```swift
/// var configuration = PushFakeConfiguration(seed: 42)
/// configuration.tpnsApps = ["testApp"]
/// configuration.twinPushApps = [TwinPushApp(id: "cs555ab2356a37a0", apiToken: "…", creatorToken: "…")]
/// let fake = PushFake(configuration)
/// ```
public struct PushFakeConfiguration: Sendable {
    /// Seeds ids and probabilistic faults: same seed + same traffic ⇒ byte-identical responses and journal.
    public var seed: UInt64
    /// Fixed (the default: time moves only when a test says so) or real wall-clock time.
    public var clockMode: FakeClock.Mode
    /// Where a fixed clock starts (default `2026-01-01 00:00:00 UTC`).
    public var clockStart: Date
    /// Enforce the TPNS SDK's state machine server-side (-1000 / -1001 / -1002). Off by default.
    public var stateChecks: Bool
    /// Keep at most this many journal entries (ring buffer); `nil` keeps all.
    public var journalLimit: Int?
    /// Declared TPNS application keys. Empty: any key is auto-provisioned on first use.
    public var tpnsApps: [String]
    /// Declared TwinPush apps. Empty: any app id is auto-provisioned, tokens are not checked.
    public var twinPushApps: [TwinPushApp]
    /// Answer a TPNS register without a usable `deviceRegistrationId` with 422 instead of accepting it.
    public var tpnsRequireRegistrationID: Bool

    /// Creates a configuration. Defaults: seed 0, a fixed clock at ``FakeClock/defaultEpoch``, no state checks, an
    /// unbounded journal, no declared apps (everything auto-provisions), and token-less TPNS registers accepted.
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
        self.seed = seed
        self.clockMode = clockMode
        self.clockStart = clockStart
        self.stateChecks = stateChecks
        self.journalLimit = journalLimit
        self.tpnsApps = tpnsApps
        self.twinPushApps = twinPushApps
        self.tpnsRequireRegistrationID = tpnsRequireRegistrationID
    }
}

/// A declared TwinPush app: its id and the two tokens the service checks.
public struct TwinPushApp: Sendable, Equatable {
    /// The app id in the path, `/apps/{app_id}/…` (16 alphanumeric characters on the real service).
    public var id: String
    /// `X-TwinPush-REST-API-Token`, required on register.
    public var apiToken: String
    /// `X-TwinPush-REST-API-Key-Creator`, required on creator calls.
    public var creatorToken: String

    /// Declares an app with its id and both tokens.
    public init(id: String, apiToken: String, creatorToken: String) {
        self.id = id
        self.apiToken = apiToken
        self.creatorToken = creatorToken
    }
}

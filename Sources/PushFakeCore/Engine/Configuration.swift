import Foundation

/// How a ``PushFake`` engine starts: seed, clock, journal bound, and each vendor's own settings (declared apps,
/// strictness, …), which the vendors add as properties and read through ``subscript(_:)``.
///
/// ```swift
/// var configuration = PushFakeConfiguration(seed: 42)
/// configuration.journalLimit = 10_000
/// let fake = PushFake(configuration)
/// ```
public struct PushFakeConfiguration: Sendable {
    /// Seeds ids and probabilistic faults: same seed + same traffic ⇒ byte-identical responses and journal.
    public var seed: UInt64
    /// Fixed (the default: time moves only when a test says so) or real wall-clock time.
    public var clockMode: FakeClock.Mode
    /// Where a fixed clock starts (default `2026-01-01 00:00:00 UTC`).
    public var clockStart: Date
    /// Keep at most this many journal entries (ring buffer); `nil` keeps all.
    public var journalLimit: Int?
    /// Also write each iOS delivery as an `.apns` file and push it into the iOS Simulator; `nil` (the default) does
    /// neither.
    public var simulatorDelivery: SimulatorDelivery?
    /// Vendor settings by key type.
    private var vendorSettings: [ObjectIdentifier: any Sendable] = [:]
    /// Apps in each vendor's JSON form by vendor name, from ``init(json:vendors:)``: declared through
    /// ``PushVendor/declareApps(_:in:)`` when the engine starts (and again after a reset).
    var appDeclarations: [(vendor: String, apps: JSON)] = []

    /// The engine's own settings; vendor settings start at their defaults. The public initializer, with the
    /// standard vendors' settings as parameters, is in `PushFakeConfiguration+StandardVendors.swift`.
    init(seed: UInt64, clockMode: FakeClock.Mode, clockStart: Date, journalLimit: Int?) {
        self.seed = seed
        self.clockMode = clockMode
        self.clockStart = clockStart
        self.journalLimit = journalLimit
    }

    /// A vendor's setting; its ``VendorSettingKey/defaultValue`` until set.
    public subscript<Key: VendorSettingKey>(_ key: Key.Type) -> Key.Value {
        get { vendorSettings[ObjectIdentifier(key)] as? Key.Value ?? Key.defaultValue }
        set { vendorSettings[ObjectIdentifier(key)] = newValue }
    }
}

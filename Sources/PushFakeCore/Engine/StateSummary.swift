/// What `PUT /__pushfake/state` answers (component `StateLoaded`): the clock, each vendor's record counts by kind,
/// and the numbers of deliveries and fault rules — not the state itself, which can be large (FakeBehaviour.md,
/// "State documents").
public struct StateSummary: WireType, Equatable {
    /// The clock as loaded.
    public var clock: ClockReading
    /// Record counts by vendor name, then by kind of record, in registration order.
    public var vendors: [WireKeyed<[WireKeyed<Int>]>]
    /// Deliveries loaded.
    public var deliveries: Int
    /// Fault rules loaded.
    public var faults: Int

    /// A summary.
    public init(clock: ClockReading, vendors: [WireKeyed<[WireKeyed<Int>]>], deliveries: Int, faults: Int) {
        self.clock = clock
        self.vendors = vendors
        self.deliveries = deliveries
        self.faults = faults
    }

    public static let wire = WireDescription<StateSummary>(
        name: "StateLoaded",
        StateSummary(
            clock: ClockReading(now: FakeClock.defaultEpoch, mode: .fixed), vendors: [],
            deliveries: 0, faults: 0),
        fields: [
            .constant("loaded", true),
            .required("clock", \.clock, ClockReading.modeFirst),
            .required(
                "vendors", \.vendors, .keyed(.keyed(.integer)), "Record counts by vendor name, then by kind of record."),
            .required("deliveries", \.deliveries, .integer),
            .required("faults", \.faults, .integer),
        ], answer: true)
}

extension EngineSnapshot {
    /// What `PUT /__pushfake/state` answers (``StateSummary``).
    package var summary: StateSummary {
        StateSummary(
            clock: ClockReading(now: clock.now, mode: clock.mode),
            vendors: zip(vendors, vendorStates).map { vendor, state in
                WireKeyed(vendor.rawValue, state.recordCounts().map { WireKeyed($0.name, $0.count) })
            },
            deliveries: deliveries.count, faults: faultRules.count)
    }
}

import Foundation

/// What the fake clock shows and how it runs: `{"now": "2026-01-01T00:00:00.000Z", "mode": "fixed"}` (component
/// `Clock`), the answer of `GET /__pushfake/clock` and the clock of a loaded state's summary (FakeBehaviour.md,
/// Clock).
public struct ClockReading: WireType, Equatable {
    /// The time the clock shows.
    public var now: Date
    /// Whether it is fixed or follows wall time.
    public var mode: FakeClock.Mode

    /// A reading.
    public init(now: Date, mode: FakeClock.Mode) {
        self.now = now
        self.mode = mode
    }

    public static let wire = WireDescription<ClockReading>(
        name: "Clock", ClockReading(now: FakeClock.defaultEpoch, mode: .fixed),
        fields: [
            .required("now", \.now, .timestamp, "The time the clock shows."),
            .required("mode", \.mode, .choice, "fixed: moves only when told; real: wall time, shifted."),
        ], answer: true)

    /// The same members, `mode` first, as a loaded state's summary has always written them (FakeBehaviour.md,
    /// "State"); the schema is the component `Clock`, since the order is no part of it.
    static let modeFirst: WireCodec<ClockReading> = {
        let reordered = WireDescription<ClockReading>(
            ClockReading(now: FakeClock.defaultEpoch, mode: .fixed), fields: wire.fields.reversed())
        return WireCodec(read: reordered.codec.read, write: reordered.write, schema: wire.codec.schema)
    }()
}

extension PushFake {
    /// The clock now (``ClockReading``).
    public var clockReading: ClockReading { ClockReading(now: now, mode: clockMode) }
}

import Foundation

/// The engine's notion of "now": fixed at a documented epoch and moved only when told, or real time.
public struct FakeClock: Sendable, Equatable {
    /// How the clock runs.
    public enum Mode: String, Sendable, Equatable {
        /// Starts at ``FakeClock/defaultEpoch`` (or the given start) and moves only with `advance` / `set`.
        case fixed
        /// Wall-clock time, shifted by whatever `advance` / `set` asked for.
        case real
    }

    /// `2026-01-01 00:00:00 UTC` (FakeBehaviour.md, Common).
    public static let defaultEpoch = Date(timeIntervalSince1970: 1_767_225_600)

    /// Whether this clock is fixed or follows wall time.
    public let mode: Mode
    private var fixedNow: Date
    private var realOffset: TimeInterval = 0

    /// Creates a clock; `start` only matters in `.fixed` mode (a real clock starts at the wall time).
    public init(mode: Mode = .fixed, start: Date = FakeClock.defaultEpoch) {
        self.mode = mode
        self.fixedNow = start
    }

    /// The current fake time.
    public var now: Date {
        switch mode {
        case .fixed: return fixedNow
        case .real: return Date().addingTimeInterval(realOffset)
        }
    }

    /// Moves the clock by `interval` seconds (negative moves it back).
    public mutating func advance(by interval: TimeInterval) {
        switch mode {
        case .fixed: fixedNow = fixedNow.addingTimeInterval(interval)
        case .real: realOffset += interval
        }
    }

    /// Makes `now` read `date`; a real clock then keeps ticking from there.
    public mutating func set(to date: Date) {
        switch mode {
        case .fixed: fixedNow = date
        case .real: realOffset = date.timeIntervalSinceNow
        }
    }
}

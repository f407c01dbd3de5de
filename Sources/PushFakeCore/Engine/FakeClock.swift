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

    /// `2026-01-01 00:00:00 UTC` (DECISIONS.md, Common).
    public static let defaultEpoch = Date(timeIntervalSince1970: 1_767_225_600)

    public let mode: Mode
    private var fixedNow: Date
    private var realOffset: TimeInterval = 0

    public init(mode: Mode = .fixed, start: Date = FakeClock.defaultEpoch) {
        self.mode = mode
        self.fixedNow = start
    }

    public var now: Date {
        switch mode {
        case .fixed: return fixedNow
        case .real: return Date().addingTimeInterval(realOffset)
        }
    }

    public mutating func advance(by interval: TimeInterval) {
        switch mode {
        case .fixed: fixedNow = fixedNow.addingTimeInterval(interval)
        case .real: realOffset += interval
        }
    }

    public mutating func set(to date: Date) {
        switch mode {
        case .fixed: fixedNow = date
        case .real: realOffset = date.timeIntervalSinceNow
        }
    }
}

import Foundation

/// The engine's notion of "now": fixed at a documented epoch and moved only when told, or real time.
///
/// The clock stays within ``validRange`` (1970-01-01 to 9999-12-31, UTC): ``advance(by:)`` and ``set(to:)`` refuse
/// to leave it, so every time the engine writes has a four-digit year (FakeBehaviour.md, Clock).
public struct FakeClock: Sendable, Equatable {
    /// How the clock runs.
    public enum Mode: String, Sendable, Equatable, CaseIterable {
        /// Starts at ``FakeClock/defaultEpoch`` (or the given start) and moves only with `advance` / `set`.
        case fixed
        /// Wall-clock time, shifted by whatever `advance` / `set` asked for.
        case real
    }

    /// `2026-01-01 00:00:00 UTC` (FakeBehaviour.md, Common).
    public static let defaultEpoch = Date(timeIntervalSince1970: 1_767_225_600)

    /// The times the clock can show: `1970-01-01T00:00:00.000Z` through `9999-12-31T23:59:59.999Z`.
    public static let validRange = Date(timeIntervalSince1970: 0)...Date(timeIntervalSince1970: 253_402_300_799.999)

    /// ``validRange`` as messages name it.
    static let validRangeText = "1970-01-01T00:00:00.000Z…9999-12-31T23:59:59.999Z"

    /// Whether this clock is fixed or follows wall time.
    public let mode: Mode
    private var fixedNow: Date
    private var realOffset: TimeInterval = 0

    /// Creates a clock; `start` only matters in `.fixed` mode (a real clock starts at the wall time). A start
    /// outside ``validRange`` is moved to its nearer end; a NaN start is ``defaultEpoch``.
    public init(mode: Mode = .fixed, start: Date = FakeClock.defaultEpoch) {
        self.mode = mode
        self.fixedNow = Self.clamped(start)
    }

    /// The current fake time.
    public var now: Date {
        switch mode {
        case .fixed: return fixedNow
        case .real: return Date().addingTimeInterval(realOffset)
        }
    }

    /// Moves the clock by `interval` seconds (negative moves it back).
    /// - Returns: `false`, leaving the clock alone, when `interval` is not finite or the result would leave
    ///   ``validRange``.
    @discardableResult
    public mutating func advance(by interval: TimeInterval) -> Bool {
        guard interval.isFinite, Self.validRange.contains(now.addingTimeInterval(interval)) else { return false }
        switch mode {
        case .fixed: fixedNow = fixedNow.addingTimeInterval(interval)
        case .real: realOffset += interval
        }
        return true
    }

    /// Makes `now` read `date`; a real clock then keeps ticking from there.
    /// - Returns: `false`, leaving the clock alone, when `date` is outside ``validRange`` (or NaN).
    @discardableResult
    public mutating func set(to date: Date) -> Bool {
        guard Self.validRange.contains(date) else { return false }
        switch mode {
        case .fixed: fixedNow = date
        case .real: realOffset = date.timeIntervalSinceNow
        }
        return true
    }

    /// `date` moved into ``validRange``; NaN becomes ``defaultEpoch``.
    static func clamped(_ date: Date) -> Date {
        if date.timeIntervalSince1970.isNaN { return defaultEpoch }
        return min(max(date, validRange.lowerBound), validRange.upperBound)
    }
}

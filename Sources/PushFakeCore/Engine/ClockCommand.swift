import Foundation

/// A move of the fake clock as the admin API receives it (`POST /__pushfake/clock`): `{"advance": seconds}` or
/// `{"set": "2026-02-01T00:00:00Z"}`.
///
/// ```swift
/// let command = try ClockCommand(json: try JSON.parse(body))
/// let now = try fake.moveClock(command)
/// ```
/// Parsing is strict (FakeBehaviour.md, Clock): exactly one of the two keys; `advance` a finite JSON number of at
/// most ``maximumAdvance`` seconds either way; `set` a real calendar time (`2026-02-30` and hour 24 are refused)
/// within ``FakeClock/validRange``.
public enum ClockCommand: Sendable, Equatable {
    /// Move by this many seconds (negative: back).
    case advance(TimeInterval)
    /// Make the clock read this time.
    case set(Date)

    /// The span of ``FakeClock/validRange`` in seconds: no advance larger than this can stay inside it.
    public static let maximumAdvance: TimeInterval = 253_402_300_799.999
}

extension PushFake {
    /// Moves the clock as `command` says, running every vendor's clock tick.
    /// - Returns: the clock's new time.
    /// - Throws: ``JSONFieldError`` at `advance` when the move would leave ``FakeClock/validRange``; the clock is
    ///   then unchanged.
    @discardableResult
    public func moveClock(_ command: ClockCommand) throws(JSONFieldError) -> Date {
        switch command {
        case .advance(let seconds):
            guard advanceClock(by: seconds) else {
                throw JSONFieldError(
                    path: "advance",
                    problem: "moving the clock by \(JSONFields.number(seconds)) s from \(TimeFormat.iso8601(now)) "
                        + "would leave \(FakeClock.validRangeText)")
            }
        case .set(let date):
            guard setClock(to: date) else {
                throw JSONFieldError(path: "set", problem: "must be within \(FakeClock.validRangeText)")
            }
        }
        return now
    }
}

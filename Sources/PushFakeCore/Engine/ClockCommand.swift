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

    /// Reads `{"advance": seconds}` or `{"set": "<timestamp>"}`.
    /// - Throws: ``JSONFieldError`` naming `advance`, `set` or the unknown key, with the allowed values.
    public init(json: JSON) throws(JSONFieldError) {
        let fields = try JSONFields(json, path: "", allowed: ["advance", "set"])
        switch (fields.value("advance"), fields.value("set")) {
        case (let seconds?, nil):
            self = .advance(
                try JSONFields.double(
                    seconds, in: -Self.maximumAdvance...Self.maximumAdvance, path: "advance"))
        case (nil, let text?):
            self = .set(try JSONFields.date(text, path: "set"))
        case (nil, nil):
            throw JSONFieldError(
                description: #"needs {"advance": seconds} or {"set": "2026-01-02T00:00:00.000Z"}"#)
        default:
            throw JSONFieldError(description: "give either advance or set, not both")
        }
    }

    /// The command in its JSON form (`set` as `2026-01-02T00:00:00.000Z`).
    public var jsonValue: JSON {
        switch self {
        case .advance(let seconds): return ["advance": .double(seconds)]
        case .set(let date): return ["set": .string(TimeFormat.iso8601(date))]
        }
    }
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

import Foundation

extension ClockCommand: WireType {
    /// `{"advance": seconds}` or `{"set": "<timestamp>"}` (component `ClockChange`): a move that is well formed but
    /// would take the clock out of 1970…9999 is refused by ``PushFake/moveClock(_:)``, not by the reader. The
    /// members are described once, in `ClockChangeForm`; exactly one of them is given.
    public static let wire = WireDescription<ClockCommand>(name: "ClockChange", form: ClockChangeForm.self)

    /// Reads `{"advance": seconds}` or `{"set": "<timestamp>"}` (``wire``).
    /// - Throws: ``JSONFieldError`` naming `advance`, `set` or the unknown key, with the allowed values.
    public init(json: JSON) throws(JSONFieldError) {
        self = try Self.wire.read(json)
    }
}

/// The members of a ``ClockCommand``: both optional to the reader, exactly one given.
struct ClockChangeForm: WireForm {
    var advance: Double?
    var set: Date?

    init() {}

    init(_ command: ClockCommand) {
        switch command {
        case .advance(let seconds): advance = seconds
        case .set(let date): set = date
        }
    }

    /// The command; errors name the object at `path`.
    func value(path: String) throws(JSONFieldError) -> ClockCommand {
        switch (advance, set) {
        case (let seconds?, nil): return .advance(seconds)
        case (nil, let date?): return .set(date)
        case (nil, nil):
            throw JSONFieldError(description: #"needs {"advance": seconds} or {"set": "2026-01-02T00:00:00.000Z"}"#)
                .inside(path)
        default: throw JSONFieldError(description: "give either advance or set, not both").inside(path)
        }
    }

    static let wire = WireDescription<ClockChangeForm>(
        ClockChangeForm(),
        fields: [
            .optional(
                "advance", \.advance, .double(in: -ClockCommand.maximumAdvance...ClockCommand.maximumAdvance),
                "Seconds to move the clock by (negative: back)."),
            .optional("set", \.set, .date, "The time the clock is to show."),
        ],
        refine: { schema, _ in
            // Exactly one of the two, not null (the other one absent or null).
            schema["oneOf"] = [
                ["required": ["advance"], "properties": ["advance": ["type": "number"]]],
                ["required": ["set"], "properties": ["set": ["type": "string"]]],
            ]
        })
}

import Foundation

extension ClockCommand: WireType {
    /// `{"advance": seconds}` or `{"set": "<timestamp>"}` (component `ClockChange`): a move that is well formed but
    /// would take the clock out of 1970…9999 is refused by ``PushFake/moveClock(_:)``, not by the reader.
    public static let wire = WireDescription<ClockCommand>(
        name: "ClockChange",
        codec: .reader(
            { (json, _) throws(JSONFieldError) -> ClockCommand in try ClockCommand(json: json) },
            write: \.jsonValue,
            schema: { schemas in
                let advance = WireCodec<Double>.double(in: -maximumAdvance...maximumAdvance).schema(&schemas)
                let set = WireCodec<Date>.date.schema(&schemas)
                let null: JSON = ["type": "null"]
                return [
                    "oneOf": [
                        WireSchemas.object(
                            ["advance": advance, "set": null], required: ["advance"]),
                        WireSchemas.object(["set": set, "advance": null], required: ["set"]),
                    ]
                ]
            }))
}

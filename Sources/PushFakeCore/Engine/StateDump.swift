import Foundation

/// The state document as the server writes it (component `StateDump`; StateFormat.md): what
/// `GET /__pushfake/state` answers and ``PushFake/stateSnapshot()`` returns. The engine's ids, the declared apps and
/// each vendor's section are the engine's and the vendors' own JSON, kept as they are; the deliveries and the fault
/// rules are read and written by their own descriptions (``Delivery``, ``FaultRule``). `PUT /__pushfake/state` reads
/// the document with the state loader, which checks what is inside the sections and the references between them.
public struct StateDump: WireType {
    /// The clock, written `mode` first.
    public var clock: ClockReading
    /// The id generator's seed and counters, the next fault rule's number, the fault generator's state.
    public var ids: JSON
    /// The declared apps by vendor name (component `Apps`).
    public var apps: AppList
    /// Each vendor's records, by vendor name (`null` for a vendor that keeps none).
    public var vendors: JSON
    /// The deliveries, oldest first.
    public var deliveries: [Delivery]
    /// The fault rules, in the order they apply.
    public var faults: [FaultRule]

    /// A document.
    public init(
        clock: ClockReading, ids: JSON, apps: AppList, vendors: JSON, deliveries: [Delivery], faults: [FaultRule]
    ) {
        self.clock = clock
        self.ids = ids
        self.apps = apps
        self.vendors = vendors
        self.deliveries = deliveries
        self.faults = faults
    }

    /// Any JSON object, kept as it is.
    private static let object = WireCodec<JSON>.json.map(
        { (json, path) throws(JSONFieldError) -> JSON in
            guard json.objectValue != nil else {
                throw JSONFieldError(path: path, problem: "must be an object, not \(JSONFields.describe(json))")
            }
            return json
        }, { $0 }
    ).documented(["type": "object"])

    public static let wire = WireDescription<StateDump>(
        name: "StateDump",
        StateDump(
            clock: ClockReading(now: FakeClock.defaultEpoch, mode: .fixed), ids: [:], apps: AppList(), vendors: [:],
            deliveries: [], faults: []),
        fields: [
            .constant("version", .int(PushFake.stateVersion)),
            .required("clock", \.clock, ClockReading.modeFirst),
            .required("ids", \.ids, object),
            .required("apps", \.apps, .wire()),
            .required("vendors", \.vendors, object),
            .required("deliveries", \.deliveries, .array(.wire())),
            .required("faults", \.faults, .array(.wire())),
        ], closed: false, answer: true)
}

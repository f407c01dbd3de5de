/// Everything an engine holds except its journal, as it was at one moment: taken under the engine's lock in
/// microseconds (copies of values, shared until the engine changes them: copy on write), read outside it.
///
/// State documents, vendor views and delivery lists are built from a snapshot, never under the lock, so a large
/// state holds the lock only for the copy; the admin API builds its large answers from one off the event loops
/// (Performance.md, "Large answers and other clients").
package struct EngineSnapshot: Sendable {
    let vendors: [Vendor]
    let vendorStates: [VendorStateSnapshot]
    let clock: FakeClock
    let ids: DeterministicIDs
    let idKinds: [IDKind]
    let faultGenerator: SplitMix64
    let nextFaultNumber: Int
    /// The fault rules with their counters, in order.
    package let faultRules: [FaultRule]
    /// Every delivery, in creation order.
    package let deliveries: [Delivery]

    init(vendors: [Vendor], slots: [VendorSlot], state: EngineState, idKinds: [IDKind]) {
        self.init(
            vendors: vendors, slots: slots, clock: state.clock, services: state.services,
            faultGenerator: state.faultGenerator, faultRules: state.faultRules,
            nextFaultNumber: state.nextFaultNumber, idKinds: idKinds)
    }

    init(
        vendors: [Vendor], slots: [VendorSlot], clock: FakeClock, services: VendorServices,
        faultGenerator: SplitMix64, faultRules: [FaultRule], nextFaultNumber: Int, idKinds: [IDKind]
    ) {
        self.vendors = vendors
        self.vendorStates = slots.map { $0.capture() }
        self.clock = clock
        self.ids = services.ids
        self.idKinds = idKinds
        self.faultGenerator = faultGenerator
        self.nextFaultNumber = nextFaultNumber
        self.faultRules = faultRules
        self.deliveries = services.deliveryLog.all
    }

    /// The state document (StateFormat.md), as ``PushFake/stateSnapshot()`` returns it.
    package func stateDocument() -> JSON { stateDump.wireJSON }

    /// The state document as a value (``StateDump``).
    package var stateDump: StateDump {
        var ids: JSONObject = ["seed": PushFakeConfiguration.seedJSON(self.ids.seed)]
        var counters = JSONObject()
        for kind in idKinds { counters[kind.name] = .int(Int(clamping: self.ids.count(kind))) }
        ids["counters"] = .object(counters)
        ids["nextFaultRule"] = .int(nextFaultNumber)
        ids["faultRandom"] = .string(String(faultGenerator.currentState))
        var apps: [WireKeyed<JSON>] = []
        var sections = JSONObject()
        for (vendor, state) in zip(vendors, vendorStates) {
            if let declared = state.declaredApps() { apps.append(WireKeyed(vendor.rawValue, declared)) }
            sections[vendor.rawValue] = state.snapshot() ?? .null
        }
        return StateDump(
            clock: ClockReading(now: clock.now, mode: clock.mode), ids: .object(ids), apps: AppList(apps),
            vendors: .object(sections), deliveries: deliveries, faults: faultRules)
    }

    /// Every vendor's view, in registration order, leaving out vendors without one.
    package func views(_ view: VendorView) -> [(vendor: Vendor, json: JSON)] {
        zip(vendors, vendorStates).compactMap { vendor, state in state.view(view).map { (vendor, $0) } }
    }

    /// One vendor's view; `nil` when the vendor is not registered or has no such view.
    func view(_ view: VendorView, of vendor: Vendor) -> JSON? {
        guard let index = vendors.firstIndex(of: vendor), vendorStates.indices.contains(index) else { return nil }
        return vendorStates[index].view(view)
    }

    /// The records of every vendor (``PushVendor/recordCounts(of:)``): what a view of the state is about as long as.
    package var vendorRecordCount: Int {
        vendorStates.reduce(0) { total, state in state.recordCounts().reduce(total) { $0 &+ max(0, $1.count) } }
    }

    /// Vendor records, deliveries and fault rules: what a state document is about as long as.
    package var recordCount: Int {
        vendorRecordCount &+ deliveries.count &+ faultRules.count
    }
}

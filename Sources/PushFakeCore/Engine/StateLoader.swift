import Foundation

/// Builds a complete engine state from state documents (StateFormat.md) without touching any engine: a fresh
/// ``EngineState`` with the documents added, whose clock, services, fault generator, fault rules and vendor slots the
/// caller swaps in only when every document loaded (its journal and observers stay the engine's).
struct StateLoader {
    let configuration: PushFakeConfiguration
    let vendors: VendorRegistry
    let idKinds: [IDKind]

    static let sections = ["version", "clock", "ids", "apps", "vendors", "deliveries", "faults"]

    func load(_ documents: [JSON], numbered: Bool) throws(StateError) -> EngineState {
        var loaded = EngineState(configuration: configuration, vendors: vendors)
        var fieldsOfDocuments: [JSONFields] = []
        var clockDocument: Int?
        var idsDocument: Int?
        // First the sections that shape the rest (clock, ids) from every document, then the contents in order.
        for (index, document) in documents.enumerated() {
            do throws(JSONFieldError) {
                let fields = try JSONFields(document, path: "", allowed: Self.sections)
                if let version = fields.value("version") {
                    guard version == .int(PushFake.stateVersion) else {
                        throw fields.failure(
                            "version", "must be \(PushFake.stateVersion), not \(JSONFields.describe(version))")
                    }
                }
                if let clockJSON = fields.value("clock") {
                    if let earlier = clockDocument {
                        throw fields.failure("clock", "is given in document \(earlier + 1) already; give it once")
                    }
                    clockDocument = index
                    loaded.clock = try Self.clock(clockJSON, configuration: configuration)
                    loaded.services.now = loaded.clock.now
                }
                if let ids = fields.value("ids") {
                    if let earlier = idsDocument {
                        throw fields.failure("ids", "is given in document \(earlier + 1) already; give it once")
                    }
                    idsDocument = index
                    try readIDs(ids, into: &loaded)
                }
                fieldsOfDocuments.append(fields)
            } catch {
                throw StateError(error, document: numbered ? index : nil)
            }
        }
        for (index, fields) in fieldsOfDocuments.enumerated() {
            do throws(JSONFieldError) {
                try readContents(fields, into: &loaded)
            } catch {
                throw StateError(error, document: numbered ? index : nil)
            }
        }
        return loaded
    }

    /// `{"mode": "fixed" | "real", "now": "<timestamp>"}`.
    static func clock(_ json: JSON, configuration: PushFakeConfiguration) throws(JSONFieldError) -> FakeClock {
        let fields = try JSONFields(json, path: "clock", allowed: ["mode", "now"])
        var mode = configuration.clockMode
        if let name = try fields.string("mode") {
            guard let parsed = FakeClock.Mode(rawValue: name) else {
                throw fields.failure("mode", "must be fixed or real, not \"\(name)\"")
            }
            mode = parsed
        }
        let now = try fields.date("now")
        var clock = FakeClock(mode: mode, start: now ?? configuration.clockStart)
        if mode == .real, let now { clock.set(to: now) }
        return clock
    }

    /// `{"seed", "counters": {kind: n}, "nextFaultRule", "faultRandom"}`.
    private func readIDs(_ json: JSON, into loaded: inout EngineState) throws(JSONFieldError) {
        let fields = try JSONFields(json, path: "ids", allowed: ["seed", "counters", "nextFaultRule", "faultRandom"])
        var seed = configuration.seed
        if let value = fields.value("seed") {
            seed = try PushFakeConfiguration.seed(value, path: fields.childPath("seed"))
        }
        loaded.services = VendorServices(configuration, seed: seed, now: loaded.clock.now)
        loaded.faultGenerator = EngineState.faultGenerator(seed: seed)
        if let counters = fields.value("counters") {
            let names = idKinds.map(\.name)
            let counterFields = try JSONFields(counters, path: fields.childPath("counters"), allowed: names)
            for kind in idKinds {
                if let count = try counterFields.int(kind.name, in: 0...Int(DeterministicIDs.maximumCounter)) {
                    loaded.services.ids.setCount(UInt64(count), of: kind)
                }
            }
        }
        loaded.nextFaultNumber = try fields.int("nextFaultRule", in: 1...FaultRule.counterRange.upperBound) ?? 1
        if let random = fields.value("faultRandom") {
            guard let text = random.stringValue, let state = UInt64(text), text.utf8.first != UInt8(ascii: "+") else {
                throw fields.failure(
                    "faultRandom", "must be a decimal string of an integer from 0 to 18446744073709551615")
            }
            loaded.faultGenerator = SplitMix64(seed: state)
        }
    }

    /// `apps`, `deliveries`, `vendors` and `faults` of one document, added to what earlier documents loaded.
    private func readContents(_ fields: JSONFields, into loaded: inout EngineState) throws(JSONFieldError) {
        if let apps = fields.value("apps") {
            guard let object = apps.objectValue else {
                throw fields.failure("apps", "must be an object of apps by vendor, not \(JSONFields.describe(apps))")
            }
            do throws(JSONFieldError) {
                for (name, index, vendorApps) in try PushFake.appSections(object, vendors: vendors) {
                    do throws(JSONFieldError) {
                        try loaded.vendorSlots[index].prepareApps(vendorApps)()
                    } catch {
                        throw error.inside(name)
                    }
                }
            } catch {
                throw error.inside("apps")
            }
        }
        let deliveries = try fields.array("deliveries") ?? []
        for item in deliveries {
            if let id = item["id"]?.stringValue { loaded.services.reserveID(id) }
        }
        for (index, item) in deliveries.enumerated() {
            do throws(JSONFieldError) {
                try readDelivery(item, into: &loaded.services)
            } catch {
                throw error.inside("deliveries[\(index)]")
            }
        }
        if let sections = fields.value("vendors") {
            let names = vendors.vendors.map(\.rawValue)
            guard let object = sections.objectValue else {
                throw fields.failure(
                    "vendors", "must be an object of sections by vendor, not \(JSONFields.describe(sections))")
            }
            for member in object.members {
                guard let vendor = vendors.vendor(named: member.key), let index = vendors.index(of: vendor) else {
                    throw JSONFieldError(
                        path: "vendors.\(member.key)",
                        problem: "is not a registered vendor; use \(JSONFields.list(names))")
                }
                guard !member.value.isNull else { continue }
                do throws(JSONFieldError) {
                    try loaded.vendorSlots[index].restore(member.value, &loaded.services)
                } catch {
                    throw error.inside("vendors.\(member.key)")
                }
            }
        }
        for (index, item) in (try fields.array("faults") ?? []).enumerated() {
            do throws(JSONFieldError) {
                try readRule(item, into: &loaded)
            } catch {
                throw error.inside("faults[\(index)]")
            }
        }
    }

    /// A delivery: ``Delivery/jsonValue``, where `id` (a new one) and `createdAt` (the clock's time) may be left out.
    private func readDelivery(_ json: JSON, into services: inout VendorServices) throws(JSONFieldError) {
        guard var object = json.objectValue else {
            throw JSONFieldError(description: "must be an object, not \(JSONFields.describe(json))")
        }
        if let name = object["vendor"]?.stringValue {
            guard let vendor = vendors.vendor(named: name) else {
                throw JSONFieldError(
                    path: "vendor",
                    problem:
                        "\"\(name)\" is not a registered vendor; use \(JSONFields.list(vendors.vendors.map(\.rawValue)))"
                )
            }
            object["vendor"] = .string(vendor.rawValue)
        }
        if let id = object["id"]?.stringValue {
            guard services.delivery(id: id) == nil else {
                throw JSONFieldError(path: "id", problem: "\(id) is given twice")
            }
            services.reserveID(id)
        } else if object["id"] == nil || object["id"] == .null {
            object["id"] = .string(services.nextID(.delivery))
        }
        if object["createdAt"] == nil || object["createdAt"] == .null {
            object["createdAt"] = .string(TimeFormat.iso8601(services.now))
        }
        services.deliveryLog.add(try Delivery(json: .object(object)))
    }

    /// A fault rule: ``FaultRule/jsonValue``, where `id` may be left out (the next `fault-N`).
    private func readRule(_ json: JSON, into loaded: inout EngineState) throws(JSONFieldError) {
        let next = loaded.nextFaultNumber
        var numbered = false
        let rule = try FaultRule(json: json, vendors: vendors) {
            numbered = true
            return "fault-\(next)"
        }
        guard !loaded.faultRules.contains(where: { $0.id.hasSameBytes(as: rule.id) }) else {
            throw JSONFieldError(path: "id", problem: "\(rule.id) is given twice")
        }
        if numbered {
            loaded.nextFaultNumber = min(next + 1, FaultRule.counterRange.upperBound)
        } else if rule.id.hasPrefix("fault-"), let number = Int(rule.id.dropFirst(6)), number >= next,
            number < FaultRule.counterRange.upperBound
        {
            loaded.nextFaultNumber = number + 1
        }
        loaded.faultRules.append(rule)
    }
}

extension VendorRegistry {
    /// Fault keys the engine itself reads; a vendor may not declare them.
    static let engineFaultKeys: Set<String> = ["status", "body", "delay", "drop", "malformedBody"]

    /// Everything two registered vendors both claim, as sentences; empty when they fit together.
    static func conflicts(in entries: [RegisteredVendor]) -> [String] {
        var problems: [String] = []
        var names: [String: String] = [:]
        var prefixes: [[String]: String] = [:]
        var routes: [String: String] = [:]
        var digits: [Int: String] = [IDKind.delivery.digit: "the engine (\(IDKind.delivery))"]
        var faultKeys: [String: String] = [:]
        func claim<Key: Hashable>(_ key: Key, _ owners: inout [Key: String], by owner: String, _ what: String) {
            if let holder = owners[key], holder != owner {
                problems.append("\(owner) and \(holder) both claim \(what)")
            } else {
                owners[key] = owner
            }
        }
        for entry in entries {
            let owner = entry.vendor.rawValue
            if owner.isEmpty { problems.append("a vendor has an empty name") }
            // Names are looked up ignoring case (the admin API accepts `TPNS`), so they must differ in more than case.
            if let holder = names[owner.lowercased()] {
                problems.append(
                    holder == owner ? "\(owner) is registered twice" : "\(owner) and \(holder) differ only in case")
            }
            names[owner.lowercased()] = owner
            for prefix in entry.pathPrefixes {
                claim(Router.segments(of: prefix), &prefixes, by: owner, "the path prefix \(prefix)")
            }
            for route in entry.routeTable {
                let shape = RoutePattern.segments(of: route.template).map { segment -> String in
                    if case .literal(let text) = segment { return text }
                    return "{}"
                }
                let key = route.method + " /" + shape.joined(separator: "/")
                claim(key, &routes, by: owner, "the route \(route.method) \(route.template)")
            }
            for kind in entry.idKinds {
                claim(kind.digit, &digits, by: owner, "the id digit \(kind.digit) (\(kind.name))")
            }
            for key in entry.faultKeys.map(\.key) {
                if engineFaultKeys.contains(key) {
                    problems.append("\(owner) declares the fault key \(key), which the engine reads itself")
                }
                claim(key, &faultKeys, by: owner, "the fault key \(key)")
            }
        }
        return problems
    }
}

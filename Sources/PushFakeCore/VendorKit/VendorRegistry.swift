/// The vendors an engine serves, in order: their routes, prefixes, id kinds, fault keys and views.
///
/// ``standard`` holds TPNS and TwinPush; ``adding(_:)`` registers one more:
/// ```swift
/// let vendors = try VendorRegistry.standard.adding(Acme())
/// let fake = PushFake(vendors: vendors)
/// ```
/// Registration checks that no two vendors share a name, a path prefix, a route, an id digit or a fault key, and
/// throws ``PushFakeError`` `invalidConfiguration` naming the conflict: a programmer error, found before any request.
public struct VendorRegistry: Sendable {
    /// The vendors with their types erased, in registration order: the engine's vendor indexes.
    let entries: [RegisteredVendor]
    /// Every route of every vendor, with the vendor prefixes, ready for matching.
    let router: Router
    /// Where the vendors' secrets stand, for recordings (``PushVendor/secrets``).
    package let secretRules: SecretRules

    /// Registers `vendors` in this order.
    /// - Throws: ``PushFakeError`` `invalidConfiguration` when two vendors conflict.
    public init(_ vendors: [any PushVendor]) throws(PushFakeError) {
        try self.init(checking: vendors.map(RegisteredVendor.opening))
    }

    private init(checking entries: [RegisteredVendor]) throws(PushFakeError) {
        let problems = Self.conflicts(in: entries)
        if !problems.isEmpty {
            throw PushFakeError.invalidConfiguration("vendor registration: " + problems.joined(separator: "; "))
        }
        self.init(trusting: entries)
    }

    /// Registers `entries` without checking for conflicts: for registries whose vendors are known to fit together.
    init(trusting entries: [RegisteredVendor]) {
        self.entries = entries
        var routes: [RoutePattern] = []
        var prefixes: [Router.Prefix] = []
        for (vendorIndex, entry) in entries.enumerated() {
            for (routeIndex, route) in entry.routeTable.enumerated() {
                routes.append(
                    RoutePattern(
                        vendorIndex: vendorIndex, routeIndex: routeIndex, vendor: entry.vendor,
                        operation: route.operation, method: route.method, template: route.template))
            }
            for prefix in entry.pathPrefixes {
                prefixes.append(Router.Prefix(segments: Router.segments(of: prefix), vendorIndex: vendorIndex))
            }
        }
        router = Router(routes: routes, prefixes: prefixes)
        secretRules = SecretRules(entries)
    }

    /// These vendors plus `vendor`, registered last.
    /// - Throws: ``PushFakeError`` `invalidConfiguration` when `vendor` conflicts with one already registered.
    public func adding(_ vendor: any PushVendor) throws(PushFakeError) -> VendorRegistry {
        try VendorRegistry(checking: entries + [RegisteredVendor.opening(vendor)])
    }

    /// The registered vendors, in registration order.
    public var vendors: [Vendor] { entries.map(\.vendor) }

    /// The registered vendor with this name (`tpns`, `twinPush`, …), compared ignoring case (`TPNS`, `twinpush`),
    /// or `nil`.
    public func vendor(named name: String) -> Vendor? {
        entries.first { $0.vendor.rawValue == name }?.vendor
            ?? entries.first { $0.vendor.rawValue.lowercased() == name.lowercased() }?.vendor
    }

    /// The operations of a vendor's routes, each once, in route order; empty when the vendor is not registered.
    public func operations(of vendor: Vendor) -> [Operation] {
        var seen = Set<Operation>()
        return entry(for: vendor)?.routeTable.map(\.operation).filter { seen.insert($0).inserted } ?? []
    }

    /// The operations of every vendor, each once, in registration order.
    public var allOperations: [Operation] {
        var seen = Set<Operation>()
        return entries.flatMap { $0.routeTable.map(\.operation) }.filter { seen.insert($0).inserted }
    }

    /// How the vendor writes its name (`TPNS`), or `nil` when it is not registered.
    public func displayName(of vendor: Vendor) -> String? {
        entry(for: vendor)?.displayName
    }

    /// How the dashboard draws the vendor (``PushVendor/card``), or `nil`.
    public func card(of vendor: Vendor) -> VendorCard? {
        entry(for: vendor)?.card
    }

    /// The path a client is given as the vendor's base (`/TPNS`, `/api/v2`), or `nil` when it is not registered.
    public func basePath(of vendor: Vendor) -> String? {
        entry(for: vendor)?.basePath
    }

    /// The vendor's routes as `METHOD /template`, in its order.
    public func routes(of vendor: Vendor) -> [String] {
        entry(for: vendor)?.routeTable.map { "\($0.method) \($0.template)" } ?? []
    }

    /// Every route of every vendor as `METHOD /template`, without repeats, in registration order.
    public var allRoutes: [String] { router.templates }

    /// One route as declared, with the numbers it reads.
    package struct DeclaredRoute: Sendable {
        package let vendor: Vendor
        package let method: String
        package let template: String
        package let operation: Operation
        package let fields: [VendorField]
    }

    /// Every route of every vendor with its declared numeric fields (``VendorField``), in registration order: what
    /// the boundary-value tests enumerate.
    package var declaredRoutes: [DeclaredRoute] {
        entries.flatMap { entry in
            entry.routeTable.map {
                DeclaredRoute(
                    vendor: entry.vendor, method: $0.method, template: $0.template, operation: $0.operation,
                    fields: $0.fields)
            }
        }
    }

    func index(of vendor: Vendor) -> Int? {
        entries.firstIndex { $0.vendor == vendor }
    }

    private func entry(for vendor: Vendor) -> RegisteredVendor? {
        entries.first { $0.vendor == vendor }
    }

    /// The vendor fault key named `key`, if a vendor declared one.
    func faultKey(named key: String) -> VendorFaultKey? {
        for entry in entries {
            if let found = entry.faultKeys.first(where: { $0.key == key }) { return found }
        }
        return nil
    }

    /// Every vendor fault key, in registration order.
    public var faultKeys: [VendorFaultKey] { entries.flatMap(\.faultKeys) }
}

extension VendorRegistry {
    /// The vendor names for messages: `a or b`, `a, b or c`.
    var vendorNameList: String {
        let names = vendors.map(\.rawValue)
        guard names.count > 1, let last = names.last else { return names.first ?? "none" }
        return names.dropLast().joined(separator: ", ") + " or " + last
    }
}

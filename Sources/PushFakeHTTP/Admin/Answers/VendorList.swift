import PushFakeCore

/// `GET /__pushfake/vendors` (component `VendorList`): the registered vendors in registration order, each with its
/// display name, base path and dashboard card (``VendorCard``: how the dashboard draws its devices).
package struct VendorList: WireType {
    /// One registered vendor.
    package struct Entry: WireType {
        package var name = ""
        package var displayName = ""
        package var basePath = "/"
        package var card: VendorCard?

        package static let wire = WireDescription<Entry>(
            name: "VendorListEntry", Entry(),
            fields: [
                .required("name", \.name, .string, "The vendor's name, as the admin API and the CLI spell it."),
                .required("displayName", \.displayName, .string, "The name people read."),
                .required("basePath", \.basePath, .string, "Where its routes are."),
                .optional(
                    "card", \.card, .wire(),
                    "How the dashboard draws its devices, deliveries and forms; absent for a vendor without one."),
            ], answer: true)
    }

    package var vendors: [Entry] = []

    package static let wire = WireDescription<VendorList>(
        name: "VendorList", VendorList(),
        fields: [.required("vendors", \.vendors, .array(.wire()), "The vendors, in registration order.")],
        answer: true)

    /// The vendors of `registry`.
    package init(_ registry: VendorRegistry) {
        vendors = registry.vendors.map { vendor in
            Entry(
                name: vendor.rawValue, displayName: registry.displayName(of: vendor) ?? vendor.rawValue,
                basePath: registry.basePath(of: vendor) ?? "/", card: registry.card(of: vendor))
        }
    }

    package init() {}
}

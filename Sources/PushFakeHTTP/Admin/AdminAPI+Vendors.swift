import PushFakeCore

extension AdminAPI {
    /// `GET /__pushfake/vendors`: `{"vendors": [{"name", "displayName", "basePath", "card"}, …]}` in registration
    /// order; `card` is how the dashboard draws the vendor (``VendorCard``), `null` for a vendor without one.
    static func vendors(_ registry: VendorRegistry) -> JSON {
        [
            "vendors": .array(
                registry.vendors.map { vendor in
                    [
                        "name": .string(vendor.rawValue),
                        "displayName": .string(registry.displayName(of: vendor) ?? vendor.rawValue),
                        "basePath": .string(registry.basePath(of: vendor) ?? "/"),
                        "card": registry.card(of: vendor)?.jsonValue ?? .null,
                    ]
                })
        ]
    }
}

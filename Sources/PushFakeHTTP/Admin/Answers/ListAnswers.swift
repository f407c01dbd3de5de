import PushFakeCore

/// `GET /__pushfake/faults` and `DELETE /__pushfake/faults` (component `FaultList`): `{"faults": [rule…]}`.
package struct FaultList: WireType {
    package var faults: [FaultRule] = []

    package static let wire = WireDescription<FaultList>(
        name: "FaultList", FaultList(),
        fields: [.required("faults", \.faults, .array(.wire()), "The rules, in the order they apply.")], answer: true)
}

/// `GET /__pushfake/deliveries` (component `DeliveryPage`): `{"deliveries": […], "count": N}`, and with `limit`
/// also `"next"`: the `since` of the next page, or `null` at the end (``PageCursor``).
package struct DeliveryPage: PagedAnswer {
    package var deliveries: [Delivery] = []
    /// Only for a request with `limit`.
    package var next: PageCursor?

    package init(deliveries: [Delivery] = [], next: PageCursor? = nil) {
        self.deliveries = deliveries
        self.next = next
    }

    package static let wire = pageDescription(
        name: "DeliveryPage", DeliveryPage(),
        fields: [
            .required("deliveries", \.deliveries, .array(.wire()), "The deliveries selected, oldest first."),
            .derived("count", { $0.deliveries.count }, .count, "How many are in this answer (with limit: this page)."),
            .nextPage,
        ])
}

/// Each vendor's view of its state (component `VendorViews`), keyed by vendor name in registration order
/// (`{"tpns": […], "twinPush": […]}`): what `GET /__pushfake/devices` and `GET /__pushfake/notifications` answer
/// (``DeviceViews``, ``NotificationViews``, whose schemas say what each vendor's view holds).
package struct VendorViews: WireType {
    /// The view of each vendor that has one (a vendor's own JSON: TPNS and TwinPush write arrays of objects).
    package var views: [WireKeyed<JSON>] = []

    package static let wire = WireDescription<VendorViews>(
        name: "VendorViews",
        codec: WireCodec<[WireKeyed<JSON>]>.keyed(.json.documented(["type": "array", "items": ["type": "object"]]))
            .map({ views, _ in VendorViews(views: views) }, { $0.views }))
}

/// `GET /__pushfake/devices` (component `DeviceViews`) and `GET /__pushfake/notifications` (component
/// `NotificationViews`): ``VendorViews`` whose schema says each vendor's views of `Kind`
/// (``VendorRegistry/viewsSchema(_:_:)``).
package struct VendorViewList<Kind: VendorViewListKind>: WireType {
    package var views: [WireKeyed<JSON>] = []

    package init(views: [WireKeyed<JSON>] = []) {
        self.views = views
    }

    package static var wire: WireDescription<Self> {
        WireDescription<Self>(
            name: Kind.componentName,
            codec: WireCodec(
                read: VendorViews.wire.codec.read, write: VendorViews.wire.write,
                schema: { VendorRegistry.viewsSchema(Kind.view, &$0) }
            ).map({ views, _ in Self(views: views.views) }, { VendorViews(views: $0.views) }))
    }
}

/// The view a ``VendorViewList`` lists, and its component name.
package protocol VendorViewListKind: Sendable {
    static var view: VendorView { get }
    static var componentName: String { get }
}

/// Every vendor's devices.
package typealias DeviceViews = VendorViewList<DeviceViewKind>
/// Every vendor's notifications.
package typealias NotificationViews = VendorViewList<NotificationViewKind>

/// ``VendorView/devices``.
package enum DeviceViewKind: VendorViewListKind {
    package static var view: VendorView { .devices }
    package static var componentName: String { "DeviceViews" }
}

/// ``VendorView/notifications``.
package enum NotificationViewKind: VendorViewListKind {
    package static var view: VendorView { .notifications }
    package static var componentName: String { "NotificationViews" }
}

/// `GET /__pushfake/routes` (component `RouteList`): every vendor route, all together and by vendor, and the
/// admin routes.
package struct RouteList: WireType {
    package var vendor: [String] = []
    package var vendors: [WireKeyed<[String]>] = []
    package var admin: [String] = []

    package static let wire = WireDescription<RouteList>(
        name: "RouteList", RouteList(),
        fields: [
            .required("vendor", \.vendor, .array(.string), "Every vendor route: METHOD path."),
            .required("vendors", \.vendors, .keyed(.array(.string)), "The same, by vendor name."),
            .required("admin", \.admin, .array(.string), "The admin routes."),
        ], answer: true)
}

/// Declared apps by vendor name (component `Apps`), each vendor's array of apps in its own form
/// (``PushVendor/appForm``): `{"tpns": ["APPKEY"], "twinPush": [{"id", "apiToken", "creatorToken"}]}`. What
/// `GET /__pushfake/apps` and `POST /__pushfake/apps` answer (``PushFake/apps``) and what a state document holds.
/// Reading takes registered vendor names (in any case, once each), each with an array; what is inside the arrays is
/// the vendors' to check (``PushFake/declareApps(_:)``).
public struct AppList: WireType, Equatable {
    /// The apps of each vendor, in the order written.
    public var vendors: [WireKeyed<JSON>]

    /// A list of apps by vendor.
    public init(_ vendors: [WireKeyed<JSON>] = []) {
        self.vendors = vendors
    }

    /// The members of a JSON object (anything else: none).
    public init(_ json: JSON) {
        self.init((json.objectValue?.members ?? []).map { WireKeyed($0.key, $0.value) })
    }

    /// Each vendor's apps: an array.
    private static let apps = WireCodec<JSON>.json.map(
        { (json, path) throws(JSONFieldError) -> JSON in
            guard json.arrayValue != nil else {
                throw JSONFieldError(path: path, problem: "must be an array, not \(JSONFields.describe(json))")
            }
            return json
        }, { $0 })

    public static let wire = WireDescription<AppList>(
        name: "Apps",
        codec: WireCodec(
            read: { (json, path, context) throws(JSONFieldError) -> AppList in
                let vendors = try WireCodec<[WireKeyed<JSON>]>.keyed(apps).read(json, path, context)
                for member in vendors where context.vendors.vendor(named: member.key) == nil {
                    throw JSONFieldError(
                        path: WireDescription<AppList>.path(path, member.key),
                        problem:
                            "is not a registered vendor; use \(JSONFields.list(context.vendors.vendors.map(\.rawValue)))"
                    )
                }
                return AppList(vendors)
            },
            write: { WireCodec<[WireKeyed<JSON>]>.keyed(apps).write($0.vendors) },
            schema: { VendorRegistry.appsSchema(&$0) }))
}

extension PushFake {
    /// The declared apps (``apps``) as an ``AppList``.
    public var appList: AppList { AppList(apps) }
}

/// The card's one description (``VendorCard/wire``): the JSON `GET /__pushfake/vendors` serves, every member present
/// and `null` when not set, and its schema in the admin API's OpenAPI document. Its parts are described next to them
/// (VendorCard+Forms.swift, VendorCard+Panels.swift, VendorCard+Fleet.swift, VendorCard+Phone.swift); all are inline
/// in the schema of `VendorListEntry`.
extension VendorCard: WireType {
    /// The card as `GET /__pushfake/vendors` serves it, inline in `VendorListEntry`: every member present, `null`
    /// when not set, `platforms` in the order of its keys.
    public static let wire = WireDescription<VendorCard>(
        summary: "How the dashboard draws the vendor: its devices, deliveries, forms and panels.",
        VendorCard(id: "", app: "", platform: ""),
        fields: [
            .required("devices", \.devices, .string, "The member of the section holding the device records."),
            .required("id", \.id, .string, "The member of a device record with its id."),
            .required("app", \.app, .string, "The member with its app."),
            .required("platform", \.platform, .string, "The member with its platform."),
            .required("platforms", \.platforms, sortedMap(.string), "Platform values mapped to the dashboard's."),
            .optional("token", \.token, .string, writesNull: true, "The member with its push token."),
            .optional("heading", \.heading, .string, writesNull: true, "The member shown as the card's heading."),
            .optional("active", \.active, .string, writesNull: true, "The member saying whether it is active."),
            .required(
                "activeInDevicesView", \.activeInDevicesView, .bool,
                "Whether `active` is read from `GET /__pushfake/devices`."),
            .required("facts", \.facts, .array(.wire()), "More facts, in order."),
            .optional(
                "properties", \.properties, propertyList, writesNull: true,
                "The member holding a device's properties as a list of records."),
            .optional(
                "notifications", \.notifications, .string, writesNull: true,
                "The member of the section listing the vendor's notifications."),
            .optional("notificationFields", \.notificationFields, .wire(), writesNull: true),
            .optional("inbox", \.inbox, .wire(), writesNull: true),
            .optional("apps", \.apps, .wire(), writesNull: true),
            .optional("send", \.send, .wire(), writesNull: true),
            .optional("fault", \.fault, .wire(), writesNull: true),
            .optional("fleet", \.fleet, .wire(), writesNull: true),
            .optional("phone", \.phone, .wire(), writesNull: true),
        ], answer: true)

    /// A map whose keys are data (`platforms`, the fleet part's `moves`), written in the order of its keys.
    static func sortedMap<Item: Sendable>(_ item: WireCodec<Item>) -> WireCodec<[String: Item]> {
        WireCodec<[WireKeyed<Item>]>.keyed(item).map(
            { (members, path) throws(JSONFieldError) -> [String: Item] in
                var map: [String: Item] = [:]
                for member in members where map.updateValue(member.value, forKey: member.key) != nil {
                    throw JSONFieldError(path: JSONFields.join(path, member.key), problem: "is given twice")
                }
                return map
            },
            { map in map.sorted { $0.key < $1.key }.map { WireKeyed($0.key, $0.value) } })
    }

    /// The members of a device's property records.
    private struct PropertyList: Sendable {
        var list = ""
        var key = ""
        var value = ""
    }

    private static let propertyList = WireDescription<PropertyList>(
        PropertyList(),
        fields: [
            .required("list", \.list, .string), .required("key", \.key, .string),
            .required("value", \.value, .string),
        ], answer: true
    ).codec.map(
        { (properties, _) throws(JSONFieldError) -> (list: String, key: String, value: String) in
            (properties.list, properties.key, properties.value)
        },
        { PropertyList(list: $0.list, key: $0.key, value: $0.value) })
}

extension VendorCard.Fact: WireType {
    /// `{"label", "member"}`: one more fact of a device's card.
    public static let wire = WireDescription<VendorCard.Fact>(
        VendorCard.Fact("", ""),
        fields: [.required("label", \.label, .string), .required("member", \.member, .string)], answer: true)
}

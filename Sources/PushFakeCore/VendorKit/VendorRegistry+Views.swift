extension VendorRegistry {
    /// The JSON Schema of `view` by vendor name (`{"tpns": […], "twinPush": […]}`), for the vendors of `schemas`:
    /// each vendor's own (``PushVendor/viewSchema(_:in:)``), else an array of objects. What `openapi.json` says
    /// `GET /__pushfake/devices` and `/notifications` answer; any vendor may be left out (a `vendor` filter).
    public static func viewsSchema(_ view: VendorView, _ schemas: inout WireSchemas) -> JSON {
        let anyView: JSON = ["type": "array", "items": ["type": "object"]]
        var properties = JSONObject()
        for entry in schemas.vendors.entries {
            properties[entry.vendor.rawValue] = entry.viewSchema(view, &schemas) ?? anyView
        }
        return ["type": "object", "properties": .object(properties), "additionalProperties": anyView]
    }
}

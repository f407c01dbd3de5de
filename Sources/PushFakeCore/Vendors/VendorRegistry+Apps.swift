extension VendorRegistry {
    /// Apps by vendor name (component `Apps`) as ``PushFake/declareApps(_:)`` and instance configurations read them:
    /// TPNS application keys, TwinPush `{id, apiToken, creatorToken}`; vendors without a known form take any array.
    /// The server also takes the names in any other case (once each); the schema lists them as registered, which
    /// keeps a document from naming a vendor twice in two spellings.
    public static func appsSchema(_ vendors: VendorRegistry) -> JSON {
        let text: JSON = ["type": "string", "minLength": 1]
        var properties = JSONObject()
        for vendor in vendors.vendors {
            let items: JSON
            switch vendor.rawValue {
            case "tpns": items = text
            case "twinPush":
                items = WireSchemas.object(
                    ["id": text, "apiToken": text, "creatorToken": text], required: ["id", "apiToken", "creatorToken"])
            default: items = [:]
            }
            properties[vendor.rawValue] = ["type": "array", "items": items]
        }
        return [
            "type": "object", "properties": .object(properties), "additionalProperties": false,
            "description": "Declared apps by vendor name, e.g. {\"tpns\": [\"APPKEY\"]}.",
        ]
    }
}

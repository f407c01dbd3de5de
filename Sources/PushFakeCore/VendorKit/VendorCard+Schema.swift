/// The JSON Schema of a card as `GET /__pushfake/vendors` serves it (``VendorCard/jsonValue``), for the admin
/// API's OpenAPI document: every member is present, `null` when not set.
extension VendorCard {
    public static var jsonSchema: JSONObject {
        let text: JSON = ["type": "string"]
        let optionalText: JSON = ["type": ["string", "null"]]
        let flag: JSON = ["type": "boolean"]
        let anyValue: JSON = [:]
        let field = object(
            [
                ("name", text), ("label", text),
                ("kind", ["type": "string", "enum": .array(Field.Kind.allCases.map { .string($0.rawValue) })]),
                ("required", flag), ("value", anyValue), ("options", ["type": "array"]), ("inPath", flag),
                ("whenEmpty", ["type": "string", "enum": .array(Field.Empty.allCases.map { .string($0.rawValue) })]),
                ("suggestsApps", flag), ("placeholder", optionalText),
                (
                    "targets",
                    ["type": "array", "items": object([("label", text), ("member", text), ("value", anyValue)])]
                ),
            ], "One input of a form: the body member or path parameter it fills, drawn by its kind.")
        let send = object(
            [
                ("route", text), ("label", text), ("fields", ["type": "array", "items": field]),
                ("bodyIsArray", flag),
                ("appHeaders", ["type": "array", "items": object([("header", text), ("member", text)])]),
                ("notificationIDs", ["type": "array", "items": text]),
            ], "The send form, posted as JSON to the vendor route `METHOD template`.")
        let fault = object(
            [
                ("key", text), ("label", text), ("codes", ["type": "array"]), ("value", anyValue),
                ("openEnded", flag),
            ], "The vendor's fault key as the fault form offers it, with its error codes.")
        let notificationFields = object(
            [
                ("id", text), ("title", optionalText), ("body", text), ("app", text), ("status", text),
                ("scheduled", text), ("due", text), ("delivered", optionalText),
            ], "The members of the vendor's notification records.")
        let inbox = object(
            [
                ("list", text), ("app", text), ("heading", text), ("notification", text), ("received", text),
                ("opened", text),
            ], "The devices' inbox: the list in the vendor's section and the members of an item.")
        let fact = object([("label", text), ("member", text)])
        return schema(
            [
                ("devices", text), ("id", text), ("app", text), ("platform", text),
                ("platforms", ["type": "object", "additionalProperties": text]), ("token", optionalText),
                ("heading", optionalText), ("active", optionalText), ("activeInDevicesView", flag),
                ("facts", ["type": "array", "items": fact]),
                ("properties", nullable(object([("list", text), ("key", text), ("value", text)]))),
                ("notifications", optionalText), ("notificationFields", nullable(notificationFields)),
                ("inbox", nullable(inbox)), ("apps", nullable(object([("name", optionalText)]))),
                ("send", nullable(send)), ("fault", nullable(fault)),
            ], "How the dashboard draws the vendor: its devices, deliveries, forms and panels.")
    }

    private static func object(_ members: [(String, JSON)], _ description: String? = nil) -> JSON {
        .object(schema(members, description))
    }

    private static func schema(_ members: [(String, JSON)], _ description: String? = nil) -> JSONObject {
        var schema: JSONObject = [
            "type": "object",
            "properties": .object(JSONObject(members.map { JSONObject.Member(key: $0.0, value: $0.1) })),
            "required": .array(members.map { .string($0.0) }), "additionalProperties": false,
        ]
        if let description { schema["description"] = .string(description) }
        return schema
    }

    private static func nullable(_ schema: JSON) -> JSON { ["oneOf": [["type": "null"], schema]] }
}

import Foundation

/// The JSON Schemas of the state document (StateFormat.md), next to its reader.
public enum StateDocumentSchema {
    /// The document as `PUT /__pushfake/state` reads it (component `State`): its sections; what is inside `ids`,
    /// `vendors`, `deliveries` and `faults` (ids, references between them) is checked by the reader and only
    /// outlined here.
    public static func input(_ schemas: inout WireSchemas) -> JSON {
        let section: JSON = ["type": "object"]
        let timestamp = WireCodec<Foundation.Date>.date.schema(&schemas)
        let apps = schemas.component("Apps") { VendorRegistry.appsSchema(&$0) }
        let clock = WireSchemas.object([
            "mode": WireSchemas.nullable(["enum": ["fixed", "real"]]), "now": WireSchemas.nullable(timestamp),
        ])
        let members: JSONObject = [
            "version": ["const": 1], "clock": clock, "ids": section, "apps": apps, "vendors": section,
            "deliveries": ["type": "array", "items": section], "faults": ["type": "array", "items": section],
        ]
        var nullable = JSONObject()
        for member in members.members { nullable[member.key] = WireSchemas.nullable(member.value) }
        return WireSchemas.object(nullable)
    }
}

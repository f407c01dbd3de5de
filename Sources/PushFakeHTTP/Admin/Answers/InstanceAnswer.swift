import PushFakeCore

/// An instance as `POST /__pushfake/instances` and its list answer it (component `Instance`): its id, its URLs and
/// the journal limit it got.
package struct InstanceAnswer: WireType {
    package var id = ""
    /// `base`, `admin`, then each vendor's base URL under the instance, by lowercased vendor name.
    package var urls: [WireKeyed<String>] = []
    /// The limit the instance got: what it asked for, at most the server's (`nil`: none).
    package var journalLimit: Int?

    /// The URLs' members: any name, a string each; `base` and `admin` always.
    private static let urlsCodec = WireCodec<[WireKeyed<String>]>.keyed(.string).documented([
        "properties": ["base": ["type": "string"], "admin": ["type": "string"]], "required": ["base", "admin"],
    ])

    package static let wire = WireDescription<InstanceAnswer>(
        name: "Instance", InstanceAnswer(),
        fields: [
            .required("id", \.id, .string, "What the instance's paths start with: /i/{id}/."),
            .required("urls", \.urls, urlsCodec, "Its base URL, its admin API's, and each vendor's."),
            .optional(
                "journalLimit", \.journalLimit, .int(in: 1...9_007_199_254_740_991), writesNull: true,
                "The limit the instance got: what it asked for, at most the server's (null: none)."),
        ], answer: true)
}

/// `GET /__pushfake/instances` (component `InstanceList`).
package struct InstanceList: WireType {
    package var instances: [InstanceAnswer] = []

    package static let wire = WireDescription<InstanceList>(
        name: "InstanceList", InstanceList(),
        fields: [.required("instances", \.instances, .array(.wire()), "The live instances.")], answer: true)
}

/// `DELETE /__pushfake/instances/{id}` (component `InstanceDeleted`): `{"deleted": "<id>"}`.
package struct InstanceDeleted: WireType {
    package var deleted = ""

    package static let wire = WireDescription<InstanceDeleted>(
        name: "InstanceDeleted", InstanceDeleted(),
        fields: [.required("deleted", \.deleted, .string, "The id of the instance deleted.")], answer: true)
}

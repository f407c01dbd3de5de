import PushFakeCore

/// A typed query string: each field is one optional query parameter, declared once with its name, its help and
/// its range (``AdminQueryField``). The server checks a request's query against the declarations, the OpenAPI
/// document lists them, the client writes them and the CLI derives its options from them.
package protocol AdminQuery: Sendable {
    /// No parameter given.
    init()
    /// The parameters, in the order of the OpenAPI document, the CLI's help and the written query.
    static var fields: [AdminQueryField<Self>] { get }
}

extension AdminQuery {
    /// The query items of `query`: each field that is set, in the declaration's order.
    package static func items(of query: Self) -> [(name: String, value: String)] {
        fields.compactMap { field in field.get(query).map { (field.parameter.name, $0) } }
    }

    /// The query read from items the server already checked against the declarations (unknown names skipped).
    package init(items: [(name: String, value: String)]) {
        self.init()
        for (name, value) in items {
            Self.fields.first { $0.parameter.name == name }?.set(&self, value)
        }
    }
}

/// One query parameter of an ``AdminQuery`` and where its value lives in the Swift value.
package struct AdminQueryField<Owner>: Sendable {
    /// Name, help and JSON Schema: what the server checks and the OpenAPI document says.
    package let parameter: AdminParameter
    /// The text of the value, `nil` when not set.
    let get: @Sendable (Owner) -> String?
    /// Sets the value from text the schema accepts.
    let set: @Sendable (inout Owner, String) -> Void

    /// A non-empty text.
    package static func text(
        _ name: String, _ keyPath: WritableKeyPath<Owner, String?> & Sendable, _ description: String
    ) -> AdminQueryField {
        AdminQueryField(parameter: .string(name, description), keyPath)
    }

    /// A registered vendor's name (`vendor`).
    package static func vendor(_ keyPath: WritableKeyPath<Owner, String?> & Sendable, _ description: String)
        -> AdminQueryField
    {
        AdminQueryField(parameter: .vendor(description), keyPath)
    }

    /// One of the engine's operations (`operation`).
    package static func operation(_ keyPath: WritableKeyPath<Owner, String?> & Sendable, _ description: String)
        -> AdminQueryField
    {
        AdminQueryField(parameter: .operation(description), keyPath)
    }

    /// One of `values`.
    package static func choice(
        _ name: String, _ keyPath: WritableKeyPath<Owner, String?> & Sendable, _ description: String,
        _ values: [String]
    ) -> AdminQueryField {
        AdminQueryField(parameter: .choice(name, description, values), keyPath)
    }

    /// A whole number from `minimum` (to `maximum`, when given).
    package static func integer(
        _ name: String, _ keyPath: WritableKeyPath<Owner, Int?> & Sendable, _ description: String, minimum: Int,
        maximum: Int? = nil
    ) -> AdminQueryField {
        AdminQueryField(
            parameter: .integer(name, description, minimum: minimum, maximum: maximum),
            get: { $0[keyPath: keyPath].map(String.init) }, set: { $0[keyPath: keyPath] = Int($1) })
    }

    /// `limit`: a page of at most this many `items` (1 to ``PageCursor/maximumLimit``), whose answer says where the
    /// next one starts (`next`).
    package static func limit(_ keyPath: WritableKeyPath<Owner, Int?> & Sendable, _ items: String)
        -> AdminQueryField
    {
        integer(
            "limit", keyPath,
            "At most this many \(items), oldest first (1 to \(PageCursor.maximumLimit)); a JSON answer's next is the since "
                + "of the next page, null after the last.",
            minimum: 1, maximum: PageCursor.maximumLimit)
    }

    /// `true` or `false`.
    package static func flag(
        _ name: String, _ keyPath: WritableKeyPath<Owner, Bool?> & Sendable, _ description: String
    ) -> AdminQueryField {
        AdminQueryField(
            parameter: .choice(name, description, ["true", "false"]),
            get: { $0[keyPath: keyPath].map { $0 ? "true" : "false" } }, set: { $0[keyPath: keyPath] = $1 == "true" })
    }

    private init(
        parameter: AdminParameter, get: @escaping @Sendable (Owner) -> String?,
        set: @escaping @Sendable (inout Owner, String) -> Void
    ) {
        self.parameter = parameter
        self.get = get
        self.set = set
    }

    /// A text parameter described by `parameter` (a pattern, say).
    package init(parameter: AdminParameter, _ keyPath: WritableKeyPath<Owner, String?> & Sendable) {
        self.init(parameter: parameter, get: { $0[keyPath: keyPath] }, set: { $0[keyPath: keyPath] = $1 })
    }
}

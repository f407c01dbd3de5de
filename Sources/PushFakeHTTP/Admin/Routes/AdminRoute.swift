import PushFakeCore

/// The HTTP shape of an admin operation (``AdminOperation/route``), as data: the server matches requests with it,
/// the typed client (``AdminClient``) builds its requests from it, and `GET /__pushfake/openapi.json` describes it —
/// one declaration, so the three cannot drift apart (WireMock's `AdminRoutes` works the same way).
package struct AdminRoute: Sendable, Hashable {
    /// A stable name, also the OpenAPI `operationId` (`getJournal`, `addFault`, …).
    package let id: String
    /// `GET`, `POST`, `PUT` or `DELETE`; `HEAD` is served as `GET`.
    package let method: String
    /// The path under the admin prefix, with `{name}` parameters: `/journal`, `/faults/{id}`, `/` for the dashboard.
    package let path: String
    /// One line for the OpenAPI document and `GET /__pushfake/routes`.
    package let summary: String
    /// The query parameters the route accepts; any other is answered 400.
    package var query: [AdminParameter] = []
    /// Request headers the route reads (documented; the server checks them itself).
    package var headers: [AdminParameter] = []
    /// The request body, when the route takes one.
    package var body: AdminBody?
    /// The answers, by status.
    package var responses: [AdminResponse]
    /// Whether the route changes the fake: such routes take JSON or no body, and refuse cross-site requests.
    package var changesState: Bool { method != "GET" }
    /// Whether the route is served per instance (`/i/{id}/__pushfake/…`) as well as at the top level.
    package var perInstance = true
    /// The OpenAPI document describes the query as one object (`style: form`, `explode: true`: the same query
    /// string), so that it can say which values go together: a journal query's `operation` is one of its `vendor`'s.
    package var queryAsObject = false

    /// `GET /__pushfake/journal`.
    package var display: String { "\(method) \(AdminOperations.prefix)\(path == "/" ? "/" : path)" }

    /// The path segments, `{name}` for parameters (`/faults/{id}` → `["faults", "{id}"]`).
    package var segments: [Substring] { path.split(separator: "/") }

    package static func == (lhs: AdminRoute, rhs: AdminRoute) -> Bool { lhs.id == rhs.id }
    package func hash(into hasher: inout Hasher) { hasher.combine(id) }
}

/// A query parameter of an admin route.
package struct AdminParameter: Sendable {
    package let name: String
    package let description: String
    /// JSON Schema of the value (query values are strings on the wire; the schema says how they are read).
    package let schema: JSON

    /// Any non-empty text (an empty value is refused: it would match nothing).
    package static func string(_ name: String, _ description: String) -> AdminParameter {
        AdminParameter(name: name, description: description, schema: ["type": "string", "minLength": 1])
    }

    /// A registered vendor's name, in any case; the handler checks it against the engine's registry.
    package static func vendor(_ description: String) -> AdminParameter {
        AdminParameter(name: "vendor", description: description, schema: AdminSchemas.ref("VendorName"))
    }

    /// One of the engine's operations; the handler checks it (against the vendor's, when one is given).
    package static func operation(_ description: String) -> AdminParameter {
        AdminParameter(name: "operation", description: description, schema: AdminSchemas.ref("Operation"))
    }

    package static func integer(_ name: String, _ description: String, minimum: Int, maximum: Int? = nil)
        -> AdminParameter
    {
        var schema: JSONObject = ["type": "integer", "minimum": .int(minimum)]
        if let maximum { schema["maximum"] = .int(maximum) }
        return AdminParameter(name: name, description: description, schema: .object(schema))
    }

    package static func choice(_ name: String, _ description: String, _ values: [String]) -> AdminParameter {
        AdminParameter(
            name: name, description: description, schema: ["type": "string", "enum": .array(values.map(JSON.string))])
    }
}

/// The request body of an admin route.
package struct AdminBody: Sendable {
    package let description: String
    /// Media type → JSON Schema; usually only `application/json`.
    package let content: [(type: String, schema: JSON)]
    package var required = true

    package static func json(_ description: String, _ schema: JSON, required: Bool = true) -> AdminBody {
        AdminBody(description: description, content: [("application/json", schema)], required: required)
    }
}

/// One documented answer of an admin route.
package struct AdminResponse: Sendable {
    package let status: Int
    package let description: String
    /// Media type → JSON Schema (`nil` schema: any body of that type).
    package var content: [(type: String, schema: JSON?)]
    /// The JSON answer is the operation's typed output: the OpenAPI document takes its schema from the output's
    /// description (``AdminOutput/schema``) instead of one written here.
    package var isOutput = false

    package static func json(_ status: Int, _ description: String, _ schema: JSON) -> AdminResponse {
        AdminResponse(status: status, description: description, content: [("application/json", schema)])
    }

    /// The operation's typed output as a JSON answer with this status, its schema the output's own.
    package static func output(_ status: Int, _ description: String) -> AdminResponse {
        AdminResponse(status: status, description: description, content: [("application/json", nil)], isOutput: true)
    }

    /// 400 with `{"error": "…"}` naming what is wrong.
    package static var badRequest: AdminResponse {
        .json(
            400, "The request is malformed; the error names the bad field, value or parameter.",
            AdminSchemas.ref("Error"))
    }

    package static func error(_ status: Int, _ description: String) -> AdminResponse {
        .json(status, description, AdminSchemas.ref("Error"))
    }
}

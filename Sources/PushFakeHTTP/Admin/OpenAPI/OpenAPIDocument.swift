import PushFakeCore

/// `GET /__pushfake/openapi.json`: an OpenAPI 3.1 description of every admin route, made from the operation table
/// (``AdminOperationTable``) so it cannot leave a route out, and from the engine's vendor registry, so that vendor names,
/// operations and fault keys are the ones the server accepts.
package enum OpenAPIDocument {
    /// The document for a server at `baseURL` (`http://127.0.0.1:8089`) whose engines have `vendors`.
    package static func make(
        baseURL: String, vendors: VendorRegistry = .standard, operations: AdminOperationTable = .standard
    ) -> JSON {
        var paths = JSONObject()
        for admin in operations.all {
            var route = admin.route
            // Answers that are the typed output are described by it (its named parts are in the components).
            var scratch = WireSchemas(vendors: vendors)
            let output = admin.outputSchema(&scratch)
            for index in route.responses.indices where route.responses[index].isOutput {
                route.responses[index].content = [("application/json", output)]
            }
            let key = AdminOperations.prefix + route.path
            var item = paths[key]?.objectValue ?? JSONObject()
            item[route.method.lowercased()] = operation(route, vendors: vendors)
            paths[key] = .object(item)
        }
        return [
            "openapi": "3.1.0",
            "info": [
                "title": "PushFake admin API",
                "version": .string(PushFakeVersion.current),
                "description": .string(description),
            ],
            "servers": [
                ["url": .string(baseURL), "description": "The server's default instance."],
                [
                    "url": .string(baseURL + "/i/{instance}"),
                    "description": "An isolated instance made with POST /__pushfake/instances.",
                    "variables": ["instance": ["default": "1", "description": "The instance id."]],
                ],
            ],
            "paths": .object(paths),
            "components": [
                "schemas": .object(components(vendors: vendors, operations: operations)),
                "securitySchemes": ["adminToken": ["type": "http", "scheme": "bearer"]],
            ],
            "security": [[:], ["adminToken": []]],
        ]
    }

    /// The named schemas: the admin API's own, then any an operation's output adds (an extra operation's).
    private static func components(vendors: VendorRegistry, operations: AdminOperationTable) -> JSONObject {
        var components = AdminSchemas.components(vendors: vendors)
        var schemas = WireSchemas(vendors: vendors)
        for operation in operations.all { _ = operation.outputSchema(&schemas) }
        for member in schemas.components.members where components[member.key] == nil {
            components[member.key] = member.value
        }
        return components
    }

    private static let description = """
        Inspect and steer a running PushFake: the journal, fault rules, the clock, devices, deliveries, state, \
        isolated instances, verification and waiting. Without --admin-token the server answers admin requests from \
        loopback clients only (docs/admin-api.md). Requests are read strictly: an unknown query parameter or \
        body field, a value of the wrong type or out of range is 400 naming it. Routes that change the fake take \
        Content-Type: application/json (or no body).
        """

    /// Answers any route can give, besides its own: the query is checked on every route, the access rules and the
    /// HTTP limits apply to all.
    private static let common: [(Int, String)] = [
        (400, "Malformed: an unknown or bad query parameter or body field (the error names it), or bad HTTP."),
        (403, "Refused: not a loopback client, wrong token, Host, Origin or Content-Type (docs/admin-api.md)."),
        (408, "The request did not arrive in time."),
        (
            413,
            "The body is larger than the server takes (--max-body-bytes; state documents and recordings have their own limits)."
        ),
    ]

    private static func operation(_ route: AdminRoute, vendors: VendorRegistry) -> JSON {
        var object: JSONObject = ["operationId": .string(route.id), "summary": .string(route.summary)]
        var parameters: [JSON] = route.segments.filter { $0.hasPrefix("{") }.map { part in
            [
                "name": .string(String(part.dropFirst().dropLast())), "in": "path", "required": true,
                "schema": ["type": "string", "minLength": 1],
            ]
        }
        if route.queryAsObject {
            parameters.append(queryObject(route, vendors: vendors))
        } else {
            parameters += route.query.map { parameter(in: "query", $0) }
        }
        parameters += route.headers.map { parameter(in: "header", $0) }
        if !parameters.isEmpty { object["parameters"] = .array(parameters) }
        if let body = route.body {
            object["requestBody"] = [
                "description": .string(body.description), "required": .bool(body.required),
                "content": .object(
                    JSONObject(body.content.map { JSONObject.Member(key: $0.type, value: ["schema": $0.schema]) })),
            ]
        }
        var responses = JSONObject()
        for response in route.responses {
            var entry: JSONObject = ["description": .string(response.description)]
            entry["content"] = .object(
                JSONObject(
                    response.content.map {
                        JSONObject.Member(key: $0.type, value: .object($0.schema.map { ["schema": $0] } ?? [:]))
                    }))
            responses[String(response.status)] = .object(entry)
        }
        for (status, text) in common where responses[String(status)] == nil {
            responses[String(status)] = [
                "description": .string(text),
                "content": ["application/json": ["schema": AdminSchemas.ref("Error")]],
            ]
        }
        object["responses"] = .object(responses)
        return .object(object)
    }

    private static func parameter(in location: String, _ parameter: AdminParameter) -> JSON {
        [
            "name": .string(parameter.name), "in": .string(location), "required": false,
            "description": .string(parameter.description), "schema": parameter.schema,
        ]
    }

    /// The whole query as one object parameter (`form`, exploded: `?vendor=tpns&operation=register`), with the
    /// rule that an operation belongs to the vendor given.
    private static func queryObject(_ route: AdminRoute, vendors: VendorRegistry) -> JSON {
        var properties = JSONObject()
        for parameter in route.query { properties[parameter.name] = parameter.schema }
        let rules: [JSON] = vendors.vendors.map { vendor in
            [
                "if": [
                    "properties": [
                        "vendor": [
                            "type": "string",
                            "pattern": .string("^" + JSONSchemaText.caseInsensitive(vendor.rawValue) + "$"),
                        ]
                    ],
                    "required": ["vendor"],
                ],
                "then": [
                    "properties": [
                        "operation": ["enum": .array(vendors.operations(of: vendor).map { .string($0.rawValue) })]
                    ]
                ],
            ]
        }
        let list = route.query.map(\.name).joined(separator: ", ")
        return [
            "name": "query", "in": "query", "required": false, "style": "form", "explode": true,
            "description": .string("The filters, each an ordinary query parameter: \(list)."),
            "schema": [
                "type": "object", "properties": .object(properties), "additionalProperties": false,
                "allOf": .array(rules),
            ],
        ]
    }
}

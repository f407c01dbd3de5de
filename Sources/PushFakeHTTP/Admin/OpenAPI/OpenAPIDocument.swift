import PushFakeCore

/// `GET /__pushfake/openapi.json`: an OpenAPI 3.1 description of every admin route, made from the route table
/// (``AdminRoutes``) so it cannot leave a route out.
package enum OpenAPIDocument {
    /// The document for a server at `baseURL` (`http://127.0.0.1:8089`).
    package static func make(baseURL: String) -> JSON {
        var paths = JSONObject()
        for route in AdminRoutes.all {
            let key = AdminRoutes.prefix + route.path
            var item = paths[key]?.objectValue ?? JSONObject()
            item[route.method.lowercased()] = operation(route)
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
                "schemas": .object(AdminSchemas.components),
                "securitySchemes": ["adminToken": ["type": "http", "scheme": "bearer"]],
            ],
            "security": [[:], ["adminToken": []]],
        ]
    }

    private static let description = """
        Inspect and steer a running PushFake: the journal, fault rules, the clock, devices, deliveries, state, \
        isolated instances, verification and waiting. Without --admin-token the server answers admin requests from \
        loopback clients only (README, "The admin API").
        """

    private static func operation(_ route: AdminRoute) -> JSON {
        var object: JSONObject = ["operationId": .string(route.id), "summary": .string(route.summary)]
        var parameters: [JSON] = route.segments.filter { $0.hasPrefix("{") }.map { part in
            [
                "name": .string(String(part.dropFirst().dropLast())), "in": "path", "required": true,
                "schema": ["type": "string"],
            ]
        }
        parameters += route.query.map { parameter in
            [
                "name": .string(parameter.name), "in": "query", "required": false,
                "description": .string(parameter.description), "schema": parameter.schema,
            ]
        }
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
        // Every admin route: the access rules apply to reads too (a journal can hold tokens).
        responses["403"] = [
            "description": "Refused: not a loopback client, wrong token, Host or Origin (README, The admin API).",
            "content": ["application/json": ["schema": AdminSchemas.ref("Error")]],
        ]
        object["responses"] = .object(responses)
        return .object(object)
    }
}

import PushFakeCore

extension AdminAPI {
    /// `GET /__pushfake/instances`: the live instances with their URLs.
    func listInstances(_ request: FakeRequest) -> FakeResponse {
        let base = baseURL(for: request)
        return .json(200, ["instances": .array(server.instances.all.map { describe($0.id, $0.fake, base: base) })])
    }

    /// `POST /__pushfake/instances`: a fresh engine with the same vendors, answering under `/i/{id}/…`.
    func createInstance(_ request: FakeRequest) -> FakeResponse {
        let configuration: PushFakeConfiguration
        switch parsed(
            request, as: "instance configuration",
            { json throws(JSONFieldError) in
                try PushFakeConfiguration(json: json, vendors: fake.vendors)
            })
        {
        case .failure(let answer): return answer
        case .success(var parsed):
            // Instances deliver into the simulator as the server does (`pushfake serve --simulator`).
            parsed.simulatorDelivery = fake.configuration.simulatorDelivery
            configuration = parsed
        }
        let engine = PushFake(configuration, vendors: fake.vendors)
        guard let id = server.instances.add(engine) else {
            return .json(
                503, ["error": .string("\(InstanceRegistry.limit) instances are live; delete some first")])
        }
        return .json(201, describe(id, engine, base: baseURL(for: request)))
    }

    /// `DELETE /__pushfake/instances/{id}`: its held waits answer 410 at once and its event streams end with a final
    /// `end` event, so nothing holds the engine afterwards.
    func deleteInstance(_ id: String) -> FakeResponse {
        guard let engine = server.instances.remove(id) else {
            return .json(404, ["error": .string("no instance with id \(id)")])
        }
        server.endHeld(of: engine, .instanceDeleted(id))
        return .json(200, ["deleted": .string(id)])
    }

    /// `{"id": "3", "urls": {"base": …, "admin": …, "<vendor>": …}}`: each vendor's base URL under the instance.
    private func describe(_ id: String, _ engine: PushFake, base: String) -> JSON {
        let root = base + "/i/" + id
        var urls: JSONObject = ["base": .string(root), "admin": .string(root + AdminRoutes.prefix)]
        for vendor in engine.vendors.vendors {
            if let path = engine.vendors.basePath(of: vendor) {
                urls[vendor.rawValue.lowercased()] = .string(root + path)
            }
        }
        return ["id": .string(id), "urls": .object(urls)]
    }
}

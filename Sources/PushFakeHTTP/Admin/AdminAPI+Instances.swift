import PushFakeCore

extension AdminAPI {
    /// `GET /__pushfake/instances`: the live instances with their URLs.
    func listInstances(_ request: FakeRequest) -> FakeResponse {
        let base = baseURL(for: request)
        return .answer(200, InstanceList(instances: server.instances.all.map { describe($0.id, $0.fake, base: base) }))
    }

    /// `POST /__pushfake/instances`: a fresh engine with the same vendors, answering under `/i/{id}/…`.
    func createInstance(_ request: FakeRequest) -> FakeResponse {
        let configuration: PushFakeConfiguration
        switch parsed(request, as: "instance configuration", PushFakeConfiguration.self) {
        case .failure(let answer): return answer
        case .success(var parsed):
            // Instances deliver into the simulator as the server does (`pushfake serve --simulator`).
            parsed.simulatorDelivery = fake.configuration.simulatorDelivery
            parsed.journalLimit = Self.journalLimit(
                asked: parsed.journalLimit, ceiling: server.fake.configuration.journalLimit)
            configuration = parsed
        }
        let limit = server.instances.limit
        guard limit > 0 else {
            return .error(503, "this server makes no instances (pushfake serve --max-instances 0)")
        }
        let engine = PushFake(configuration, vendors: fake.vendors)
        guard let id = server.instances.add(engine) else {
            return .error(
                503,
                "\(limit) instances are live, the most this server allows (pushfake serve --max-instances); "
                    + "delete some first")
        }
        return .answer(201, describe(id, engine, base: baseURL(for: request)))
    }

    /// The server's journal limit is a ceiling: an instance may keep fewer entries, never more, and one asking for
    /// no limit (or a larger one) gets the ceiling (FakeBehaviour.md, "Instances").
    static func journalLimit(asked: Int?, ceiling: Int?) -> Int? {
        guard let ceiling else { return asked }
        return min(asked ?? ceiling, ceiling)
    }

    /// `DELETE /__pushfake/instances/{id}`: its held waits answer 410 at once and its event streams end with a final
    /// `end` event, so nothing holds the engine afterwards.
    func deleteInstance(_ id: String) -> FakeResponse {
        guard let engine = server.instances.remove(id) else {
            return .error(404, "no instance with id \(id)")
        }
        server.endHeld(of: engine, .instanceDeleted(id))
        return .answer(200, InstanceDeleted(deleted: id))
    }

    /// `{"id": "3", "urls": {"base": …, "admin": …, "<vendor>": …}, "journalLimit": N|null}`: each vendor's base URL
    /// under the instance, and the journal limit it got.
    private func describe(_ id: String, _ engine: PushFake, base: String) -> InstanceAnswer {
        let root = base + "/i/" + id
        var urls = [WireKeyed("base", root), WireKeyed("admin", root + AdminOperations.prefix)]
        for vendor in engine.vendors.vendors {
            if let path = engine.vendors.basePath(of: vendor) {
                urls.append(WireKeyed(vendor.rawValue.lowercased(), root + path))
            }
        }
        return InstanceAnswer(id: id, urls: urls, journalLimit: engine.configuration.journalLimit)
    }
}

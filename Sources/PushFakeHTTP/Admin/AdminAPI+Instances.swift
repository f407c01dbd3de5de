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
        switch body(of: request) {
        case .failure(let error): return Self.badRequest("the instance configuration is not JSON: \(error.message)")
        case .success(let json):
            switch Self.instanceConfiguration(json, vendors: fake.vendors) {
            case .failure(let problem): return Self.badRequest(problem.message)
            case .success(let parsed): configuration = parsed
            }
        }
        let engine = PushFake(configuration, vendors: fake.vendors)
        guard let id = server.instances.add(engine) else {
            return .json(
                503, ["error": .string("\(InstanceRegistry.limit) instances are live; delete some first")])
        }
        return .json(201, describe(id, engine, base: baseURL(for: request)))
    }

    /// `DELETE /__pushfake/instances/{id}`.
    func deleteInstance(_ id: String) -> FakeResponse {
        guard server.instances.remove(id) else {
            return .json(404, ["error": .string("no instance with id \(id)")])
        }
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

    struct ConfigurationProblem: Error {
        let message: String
    }

    /// The configuration of a new instance from `POST /__pushfake/instances`' optional body; `{}` (or no body)
    /// is the default configuration.
    static func instanceConfiguration(
        _ json: JSON, vendors: VendorRegistry
    ) -> Result<PushFakeConfiguration, ConfigurationProblem> {
        guard let object = json.objectValue else {
            return .failure(ConfigurationProblem(message: "the instance configuration must be a JSON object"))
        }
        guard object.members.isEmpty else {
            return .failure(
                ConfigurationProblem(message: "instance configuration fields are not supported by this build yet"))
        }
        return .success(PushFakeConfiguration())
    }
}

import PushFakeCore

extension AdminAPI {
    /// `DELETE /__pushfake/faults/{id}`.
    func removeFault(_ id: String) -> FakeResponse {
        guard fake.removeFault(id: id) else { return .json(404, ["error": .string("no fault rule with id \(id)")]) }
        return .json(200, ["removed": .string(id)])
    }
}

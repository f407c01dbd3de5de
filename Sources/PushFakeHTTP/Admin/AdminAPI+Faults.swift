import PushFakeCore

extension AdminAPI {
    /// `POST /__pushfake/faults`: adds a rule from its JSON form (docs/fault-rules.md), strictly validated.
    func addFault(_ request: FakeRequest) -> FakeResponse {
        switch parsed(request, as: "fault rule", FaultRuleSpec.self) {
        case .failure(let answer): return answer
        case .success(let spec):
            let id = fake.inject(spec)
            let rule = fake.faultRules.first { $0.id == id }
            guard let rule else { return .json(201, ["id": .string(id)]) }
            return .answer(201, rule)
        }
    }

    /// `DELETE /__pushfake/faults/{id}`.
    func removeFault(_ id: String) -> FakeResponse {
        guard fake.removeFault(id: id) else { return .error(404, "no fault rule with id \(id)") }
        return .answer(200, FaultRemoved(removed: id))
    }
}

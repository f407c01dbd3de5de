import PushFakeCore

extension AdminAPI {
    /// `PUT /__pushfake/state`: replaces the engine's state with a document (StateFormat.md), all or nothing; the
    /// answer is the state as loaded.
    func loadState(_ request: FakeRequest) -> FakeResponse {
        guard case .success(let json) = body(of: request), !request.body.isEmpty else {
            return Self.badRequest("the state document must be a JSON object (GET /__pushfake/state shows one)")
        }
        do throws(StateError) {
            try fake.loadState(json)
            return .json(200, fake.stateSnapshot())
        } catch {
            return Self.badRequest("state document: \(error.description)")
        }
    }

    /// `POST /__pushfake/apps`: declares apps by vendor (`{"tpns": ["key"], "twinPush": [{"id", "apiToken",
    /// "creatorToken"}]}`), all or nothing; the answer lists every declared app.
    func declareApps(_ request: FakeRequest) -> FakeResponse {
        switch parsed(request, as: "apps", { json throws(JSONFieldError) in try fake.declareApps(json) }) {
        case .failure(let answer): return answer
        case .success: return .json(200, fake.apps)
        }
    }
}

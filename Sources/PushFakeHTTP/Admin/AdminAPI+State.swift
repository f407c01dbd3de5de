import PushFakeCore

extension AdminAPI {
    /// `PUT /__pushfake/state`: replaces the engine's state with a document (StateFormat.md), all or nothing; the
    /// answer is a summary of the state as loaded (``EngineSnapshot/summary``: the clock, record counts by vendor,
    /// deliveries, fault rules), not the state itself, which can be large: `GET /__pushfake/state` dumps it.
    func loadState(_ request: FakeRequest) -> FakeResponse {
        guard case .success(let json) = body(of: request), !request.body.isEmpty else {
            return Self.badRequest("the state document must be a JSON object (GET /__pushfake/state shows one)")
        }
        do throws(StateError) {
            return .answer(200, try fake.loadStateSnapshot(json).summary)
        } catch {
            return Self.badRequest("state document: \(error.description)")
        }
    }

    /// `POST /__pushfake/apps`: declares apps by vendor (`{"tpns": ["key"], "twinPush": [{"id", "apiToken",
    /// "creatorToken"}]}`), all or nothing; the answer lists every declared app. A document that is not a valid
    /// declaration is 400; a valid one that clashes with the apps declared already (an id with other tokens) is
    /// 409, and nothing changes.
    func declareApps(_ request: FakeRequest) -> FakeResponse {
        guard !request.body.isEmpty else {
            return Self.badRequest(#"send the apps as a JSON object, e.g. {"tpns": ["APPKEY"]}"#)
        }
        // Checked on its own first (a fresh engine's configuration reads it), so that a clash is told apart.
        switch parsed(
            request, as: "apps",
            { json throws(JSONFieldError) in
                try PushFakeConfiguration(json: ["apps": json], vendors: fake.vendors)
            })
        {
        case .failure(let answer): return answer
        case .success: break
        }
        switch parsed(request, as: "apps", { json throws(JSONFieldError) in try fake.declareApps(json) }) {
        case .failure(var answer):
            answer.status = 409
            return answer
        case .success: return .answer(200, fake.appList)
        }
    }
}

import PushFakeCore

extension AdminAPI {
    /// `POST /__pushfake/verify`: 200 `{"ok": true, "matched": [seq…]}` when the expectation holds, else 409
    /// `{"ok": false, "message": …}` with the closest miss and the journal, as the Swift assertions print them.
    /// Checked against `journal`, the snapshot taken when the request came.
    func verify(_ request: FakeRequest, journal: Journal) -> FakeResponse {
        switch parsed(request, as: "verification", VerifyRequest.self) {
        case .failure(let answer): return answer
        case .success(let expectation):
            return Self.outcome(expectation.check(journal.entries), failureStatus: 409)
        }
    }

    /// `POST /__pushfake/wait`: answers the moment enough entries match, or 408 with the closest miss when `timeout`
    /// passes first; 410 at once when its instance is deleted meanwhile, 503 when the server stops (``HeldWait``).
    func wait(_ request: FakeRequest) -> ServerReply {
        switch parsed(
            request, as: "wait",
            { json throws(JSONFieldError) in
                try WaitRequest(json: json, vendors: fake.vendors)
            })
        {
        case .failure(let answer): return .response(answer)
        case .success(let expectation): return HeldWait.start(on: fake, expectation, holds: server.heldReplies)
        }
    }

    static func outcome(_ result: Verification, failureStatus: Int) -> FakeResponse {
        .answer(result.isSatisfied ? 200 : failureStatus, Outcome(result))
    }
}

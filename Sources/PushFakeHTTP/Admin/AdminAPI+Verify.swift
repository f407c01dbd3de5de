import Dispatch
import PushFakeCore

extension AdminAPI {
    /// `POST /__pushfake/verify`: 200 `{"ok": true, "matched": [seq…]}` when the expectation holds, else 409
    /// `{"ok": false, "message": …}` with the closest miss and the journal, as the Swift assertions print them.
    /// Checked against `journal`, the snapshot taken when the request came.
    func verify(_ request: FakeRequest, journal: Journal) -> FakeResponse {
        switch parsed(
            request, as: "verification",
            { json throws(JSONFieldError) in
                try VerifyRequest(json: json, vendors: fake.vendors)
            })
        {
        case .failure(let answer): return answer
        case .success(let expectation):
            return Self.outcome(expectation.check(journal.entries), failureStatus: 409)
        }
    }

    /// `POST /__pushfake/wait`: answers the moment enough entries match — an engine observer completes the held
    /// answer, no polling — or 408 with the closest miss when `timeout` passes first.
    func wait(_ request: FakeRequest) -> ServerReply {
        let expectation: WaitRequest
        switch parsed(
            request, as: "wait",
            { json throws(JSONFieldError) in
                try WaitRequest(json: json, vendors: fake.vendors)
            })
        {
        case .failure(let answer): return .response(answer)
        case .success(let parsed): expectation = parsed
        }
        let engine = fake
        let check = { @Sendable () -> Verification in
            Verification.count(expectation.matcher, expectation.count, in: engine.journal.entries)
        }
        let now = check()
        guard !now.isSatisfied else { return .response(Self.outcome(now, failureStatus: 408)) }
        let deferred = DeferredResponse()
        let token = engine.addObserver { entry in
            guard expectation.matcher.matches(entry) else { return }
            let result = check()
            if result.isSatisfied { deferred.complete(Self.outcome(result, failureStatus: 408)) }
        }
        deferred.onCancel { engine.removeObserver(token) }
        // The 408 text is written when the time is up, so it shows the journal as it is then.
        DispatchQueue.global().asyncAfter(deadline: .now() + expectation.timeout) {
            let result = check()
            var answer = Self.outcome(result, failureStatus: 408)
            if !result.isSatisfied {
                answer = Self.outcome(
                    Verification(
                        matched: result.matched,
                        failure: "waited \(JSON.double(expectation.timeout).serializedString()) s: "
                            + (result.failure ?? "")),
                    failureStatus: 408)
            }
            deferred.complete(answer)
            engine.removeObserver(token)
        }
        // A request recorded between the first check and the observer would be missed: check once more.
        let again = check()
        if again.isSatisfied { deferred.complete(Self.outcome(again, failureStatus: 408)) }
        return .deferred(deferred, timeout: nil, timeoutResponse: Self.badRequest("unreachable"))
    }

    static func outcome(_ result: Verification, failureStatus: Int) -> FakeResponse {
        if let failure = result.failure {
            return .json(failureStatus, ["ok": false, "message": .string(failure)])
        }
        return .json(
            200,
            [
                "ok": true, "matched": .array(result.matched.map { .int($0.sequence) }),
                "entries": .array(result.matched.map(\.jsonValue)),
            ])
    }
}

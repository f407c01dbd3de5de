import Dispatch
import PushFakeCore

/// One held `POST /__pushfake/wait`. It ends once, with the first of: enough entries match (an engine observer sees
/// them, no polling) → 200; its timeout passes → 408 with the closest miss; its instance is deleted → 410; the
/// server stops → 503; the client goes away → nothing to answer.
///
/// From then on it holds nothing of the engine: the observer is removed, the engine reference dropped, and the
/// timer and the connection hold the wait only weakly — a deleted instance's engine is freed at once, not when an
/// hour-long timeout would have passed.
final class HeldWait: Sendable {
    private struct State {
        var engine: PushFake?
        var observer: Int?
        var hold: Int?
        var ended = false
    }

    let deferred = DeferredResponse()
    private let expectation: WaitRequest
    private let holds: HeldReplies
    private let state: Locked<State>

    private init(engine: PushFake, expectation: WaitRequest, holds: HeldReplies) {
        self.expectation = expectation
        self.holds = holds
        self.state = Locked(State(engine: engine))
    }

    /// The reply to a wait on `engine`: at once when the journal already satisfies it (or the server is stopping),
    /// otherwise held.
    static func start(on engine: PushFake, _ expectation: WaitRequest, holds: HeldReplies) -> ServerReply {
        let now = Verification.count(expectation.matcher, expectation.count, in: engine.journal.entries)
        guard !now.isSatisfied else { return .response(AdminAPI.outcome(now, failureStatus: 408)) }
        let wait = HeldWait(engine: engine, expectation: expectation, holds: holds)
        // The registry and the engine's observer hold the wait while it waits; both let go when it ends.
        guard let hold = holds.hold(for: engine, end: { ending in wait.end(ending) }) else {
            return .response(Self.answer(to: .shutdown))
        }
        let observer = engine.addObserver { entry in wait.observed(entry) }
        let late = wait.state.withLock { state -> Bool in
            state.observer = observer
            state.hold = hold
            return state.ended
        }
        // Ended before the tokens were stored (a deletion right now): let them go here.
        if late {
            engine.removeObserver(observer)
            holds.release(hold)
        }
        wait.deferred.onCancel { [weak wait] in wait?.finish(nil) }
        DispatchQueue.global().asyncAfter(deadline: .now() + expectation.timeout) { [weak wait] in wait?.timeUp() }
        // A request recorded between the first check and the observer would be missed: check once more.
        if let result = wait.check(), result.isSatisfied { wait.finish(AdminAPI.outcome(result, failureStatus: 408)) }
        return .deferred(wait.deferred, timeout: nil, timeoutResponse: AdminAPI.badRequest("unreachable"))
    }

    /// The answer to a wait that its instance's deletion or the server's stop ends.
    static func answer(to ending: HoldEnding) -> FakeResponse {
        switch ending {
        case .shutdown:
            return .error(503, "the server is shutting down")
        case .instanceDeleted(let id):
            return .answer(410, AdminError("instance \(id) was deleted while this wait was held", instance: id))
        }
    }

    /// The expectation against the journal now; `nil` once the wait has ended.
    private func check() -> Verification? {
        guard let engine = state.withLock({ $0.engine }) else { return nil }
        return Verification.count(expectation.matcher, expectation.count, in: engine.journal.entries)
    }

    private func observed(_ entry: JournalEntry) {
        guard expectation.matcher.matches(entry), let result = check(), result.isSatisfied else { return }
        finish(AdminAPI.outcome(result, failureStatus: 408))
    }

    /// The 408 text is written when the time is up, so it shows the journal as it is then.
    private func timeUp() {
        guard let result = check() else { return }
        var answer = AdminAPI.outcome(result, failureStatus: 408)
        if !result.isSatisfied {
            answer = AdminAPI.outcome(
                Verification(
                    matched: result.matched,
                    failure: "waited \(JSON.double(expectation.timeout).serializedString()) s: "
                        + (result.failure ?? "")),
                failureStatus: 408)
        }
        finish(answer)
    }

    private func end(_ ending: HoldEnding) {
        finish(Self.answer(to: ending))
    }

    /// Ends the wait once: lets go of the engine, its observer and the registry, then answers (`nil`: the client
    /// is gone, nothing to answer).
    private func finish(_ response: FakeResponse?) {
        let taken = state.withLock { state -> (engine: PushFake?, observer: Int?, hold: Int?)? in
            guard !state.ended else { return nil }
            state.ended = true
            defer { (state.engine, state.observer, state.hold) = (nil, nil, nil) }
            return (state.engine, state.observer, state.hold)
        }
        guard let (engine, observer, hold) = taken else { return }
        if let observer { engine?.removeObserver(observer) }
        if let hold { holds.release(hold) }
        if let response { deferred.complete(response) }
    }
}

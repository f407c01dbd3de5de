import PushFakeCore

/// One wait on a local engine: counts matching entries as its observer sees them and resumes its continuation
/// exactly once — when the count is reached, or with `false` when ``timeOut()`` comes first.
final class JournalWaiter: Sendable {
    private struct State {
        var seen = Set<Int>()
        var continuation: CheckedContinuation<Bool, Never>?
        var result: Bool?
    }

    private let matcher: RequestMatcher
    private let count: Int
    private let state = Locked(State())

    init(matcher: RequestMatcher, count: Int) {
        self.matcher = matcher
        self.count = count
    }

    func seed(_ entries: [JournalEntry]) {
        for entry in entries { observe(entry) }
        // Nothing to wait for.
        if count <= 0 { finish { _ in true } }
    }

    func observe(_ entry: JournalEntry) {
        guard matcher.matches(entry) else { return }
        finish { state in
            state.seen.insert(entry.sequence)
            return state.seen.count >= count ? true : nil
        }
    }

    func timeOut() {
        finish { _ in false }
    }

    func install(_ continuation: CheckedContinuation<Bool, Never>) {
        let ready = state.withLock { state -> Bool? in
            if let result = state.result { return result }
            state.continuation = continuation
            return nil
        }
        if let ready { continuation.resume(returning: ready) }
    }

    /// Decides under the lock, resumes outside it, once.
    private func finish(_ decide: (inout State) -> Bool?) {
        let resume = state.withLock { state -> (CheckedContinuation<Bool, Never>?, Bool)? in
            guard state.result == nil, let result = decide(&state) else { return nil }
            state.result = result
            defer { state.continuation = nil }
            return (state.continuation, result)
        }
        if let (continuation, result) = resume { continuation?.resume(returning: result) }
    }
}

import Dispatch
import Foundation
import PushFakeCore

extension RunningPushFake {
    /// Waits until `count` journal entries match, resuming as soon as the entry that completes the count is
    /// recorded (no polling, no sleeps). For code under test that sends in the background.
    ///
    /// ```swift
    /// app.applicationDidBecomeActive()
    /// try await fake.waitFor(.twinPush(.openApp))
    /// ```
    /// - Throws: ``PushFakeError`` `timedOut`, whose text has the closest miss and the journal.
    @discardableResult
    public func waitFor(
        _ matcher: RequestMatcher, count: Int = 1, timeout: Double = 10
    ) async throws -> [JournalEntry] {
        let waiter = Waiter(matcher: matcher, count: count)
        let token = engine.addObserver { entry in waiter.observe(entry) }
        defer { engine.removeObserver(token) }
        // Entries recorded before the observer was added count too.
        waiter.seed(engine.journal.entries)
        let outcome = await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
            waiter.install(continuation)
            DispatchQueue.global().asyncAfter(deadline: .now() + timeout) { waiter.timeOut() }
        }
        let entries = engine.journal.entries
        let matching = entries.filter(matcher.matches)
        guard outcome else {
            var text = "\(count) request(s) matching \(matcher) within \(timeout) s; \(matching.count) arrived"
            if let miss = JournalDescription.closestMiss(to: matcher, in: entries) { text += "\n" + miss }
            throw PushFakeError.timedOut(text + "\n" + JournalDescription.journal(entries))
        }
        verified.withLock { $0.formUnion(matching.map(\.sequence)) }
        return matching
    }
}

/// One `waitFor` call: counts matching entries and resumes its continuation exactly once.
private final class Waiter: Sendable {
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

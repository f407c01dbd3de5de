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
    ///
    /// Under `.remote` the server holds the answer of `POST …/__pushfake/wait` until the entries exist.
    /// - Throws: ``PushFakeError`` `timedOut`, whose text has the closest miss and the journal;
    ///   ``PushFakeRemoteError`` when a remote server cannot be asked.
    @discardableResult
    public func waitFor(
        _ matcher: RequestMatcher, count: Int = 1, timeout: Double = 10
    ) async throws -> [JournalEntry] {
        let arrived = try await backend.waitUntil(matcher, count: count, timeout: timeout)
        let entries = backend.journal().entries
        let matching = entries.filter(matcher.matches)
        guard arrived else {
            var text = "\(count) request(s) matching \(matcher) within \(timeout) s; \(matching.count) arrived"
            if let miss = JournalDescription.closestMiss(to: matcher, in: entries) { text += "\n" + miss }
            throw PushFakeError.timedOut(text + "\n" + JournalDescription.journal(entries))
        }
        verified.withLock { $0.formUnion(matching.map(\.sequence)) }
        return matching
    }
}

import Foundation
import PushFakeCore
import PushFakeHTTP

extension RemoteBackend {
    /// `POST …/wait`, which the server answers the moment enough entries match (an engine observer, no polling).
    ///
    /// A matcher with `.satisfies` predicates cannot travel: the server waits for the same matcher without them —
    /// which accepts every entry this one does — and the fixture applies the predicates to the journal. When they
    /// reject what arrived, it waits for one more entry than the server has now, and so on until the deadline:
    /// every round trip ends because a candidate entry arrived, never because time passed.
    func waitUntil(_ matcher: RequestMatcher, count: Int, timeout: Double) async throws -> Bool {
        let relaxed = matcher.withoutPredicates
        let exact = relaxed == matcher
        let deadline = Date().addingTimeInterval(max(0, timeout))
        var needed = min(max(0, count), RequestCount.largest)
        while true {
            let remaining = min(max(0, deadline.timeIntervalSinceNow), WaitRequest.maximumTimeout)
            let wait = WaitRequest(matcher: relaxed, count: .atLeast(needed), timeout: remaining)
            let answer = try await admin.exchange(
                AdminOperations.wait, wait, expected: [200, 408], timeout: remaining + 60)
            let arrived = answer.status == 200
            if exact, arrived { return true }
            if !exact {
                let entries = try await fetchJournalAsync().entries
                if entries.lazy.filter(matcher.matches).count >= count { return true }
                needed = min(entries.lazy.filter(relaxed.matches).count + 1, RequestCount.largest)
            }
            if deadline.timeIntervalSinceNow <= 0 { return false }
        }
    }
}

import Foundation
import PushFakeCore
import PushFakeHTTP

/// Faults, clock and resets of a remote instance, through its admin API.
extension RemoteBackend {
    func inject(_ fault: Fault, when matcher: RequestMatcher, scope: FaultScope) -> String {
        guard matcher.isExpressibleAsJSON else {
            reportFailure(
                "a fault rule for a remote fake needs a matcher without .satisfies predicates, which have no JSON "
                    + "form: \(matcher)")
            return ""
        }
        return attempt("") { () throws(PushFakeRemoteError) -> String in
            let spec = FaultRuleSpec(matcher: matcher, fault: fault, scope: scope)
            return try admin.exchange(AdminOperations.addFault, spec, expected: [201]).output.id
        }
    }

    /// `DELETE …/faults/{id}`: 200 removed it, 404 there was none.
    func removeFault(id: String) -> Bool {
        attempt(false) { () throws(PushFakeRemoteError) -> Bool in
            try admin.status(AdminOperations.removeFault, id, expected: [200, 404]) == 200
        }
    }

    func removeAllFaults() {
        attempt(()) { () throws(PushFakeRemoteError) in try admin.status(AdminOperations.clearFaults, ()) }
    }

    func clearJournal() {
        attempt(()) { () throws(PushFakeRemoteError) in try admin.status(AdminOperations.clearJournal, ()) }
    }

    func advanceClock(by interval: TimeInterval) -> Bool {
        guard interval.isFinite, abs(interval) <= ClockCommand.maximumAdvance else { return false }
        return moveClock(.advance(interval))
    }

    func setClock(to date: Date) -> Bool { moveClock(.set(date)) }

    /// `POST …/clock`: 200 moved it, 400 would have left 1970…9999 and changed nothing.
    private func moveClock(_ command: ClockCommand) -> Bool {
        attempt(false) { () throws(PushFakeRemoteError) -> Bool in
            try admin.status(AdminOperations.setClock, command, expected: [200, 400]) == 200
        }
    }

    func reset() {
        attempt(()) { () throws(PushFakeRemoteError) in try admin.status(AdminOperations.reset, ()) }
    }
}

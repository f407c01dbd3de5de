import PushFakeCore
import PushFakeHTTP1

/// Where an answer's `Date` header (RFC 9110 §6.6.1) comes from: always the clock of the engine that answers, never
/// the wall clock, so answers are as deterministic as the journal (FakeBehaviour.md, "HTTP").
package enum AnswerDate: Equatable, Sendable {
    /// No `Date` (tests of the connection machine alone).
    case none
    /// The engine's time when it handled the request (``Exchange/httpDate``).
    case at(HTTP1Date)
    /// The engine's time when the answer is written: admin answers, and answers held or awaited (a long-poll).
    case clock(PushFake)

    /// The date to write now.
    var date: HTTP1Date? {
        switch self {
        case .none: return nil
        case .at(let date): return date
        case .clock(let engine): return engine.httpDate
        }
    }

    package static func == (lhs: AnswerDate, rhs: AnswerDate) -> Bool {
        switch (lhs, rhs) {
        case (.none, .none): return true
        case (.at(let left), .at(let right)): return left == right
        case (.clock(let left), .clock(let right)): return left === right
        default: return false
        }
    }
}

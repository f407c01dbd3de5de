import Foundation

/// Blocking work for async code, on a thread of its own: the cooperative pool has as many threads as cores (two on
/// CI), and a blocked one stalls every task queued behind it.
package enum OffThePool {
    /// Runs `body` on a new thread and resumes with what it returned or threw.
    package static func run<Value: Sendable>(_ body: @escaping @Sendable () throws -> Value) async throws -> Value {
        try await withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: Result { try body() }) }.start()
        }
    }
}

import Dispatch
import PushFakeCore

/// Runs `work` on the concurrency pool and blocks this thread until it ends: how a synchronous command waits for
/// async work (`fleet run` and its check with TwinPush's figures, `replay`).
/// - Returns: what `work` returned; `nil` is never returned (the optional spares a force unwrap).
func waitForTask<Value: Sendable>(_ work: sending @escaping () async -> Value) -> Value? {
    let outcome = Locked<Value?>(nil)
    let done = DispatchSemaphore(value: 0)
    Task {
        let value = await work()
        outcome.withLock { $0 = value }
        done.signal()
    }
    done.wait()
    return outcome.withLock { $0 }
}

import Foundation
import PushFakeCore

extension Process {
    /// Waits for the process to exit, at most `seconds`; one still running then is killed (`SIGKILL`), so a hang
    /// fails its test instead of stalling the run. Returns `false` when it had to be killed.
    @discardableResult
    package func waitForExit(within seconds: Double) -> Bool {
        let exited = Wait.until(seconds, every: 0.01) { !isRunning }
        if !exited { kill(processIdentifier, SIGKILL) }
        waitUntilExit()
        return exited
    }

    /// Kills the process (`SIGKILL`) if it is still running `seconds` from now, from a queue of its own: for a read
    /// to the end of its output that must not outlast a hung child. Call the returned closure once the child is
    /// done, so a process id reused later is never signalled.
    package func killAfter(_ seconds: Double) -> @Sendable () -> Void {
        let pid = processIdentifier
        let finished = Locked(false)
        DispatchQueue.global().asyncAfter(deadline: .now() + seconds) {
            finished.withLock { done in if !done { kill(pid, SIGKILL) } }
        }
        return { finished.withLock { $0 = true } }
    }
}

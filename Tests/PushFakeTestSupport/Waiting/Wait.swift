import Foundation

/// Waits for conditions with generous deadlines instead of sleeping for a guessed time: on a loaded 2-core machine a
/// condition can take seconds, and a test that waits for it stays correct where one that sleeps turns flaky.
package enum Wait {
    /// Polls `condition` every `interval` seconds until it holds or `seconds` pass; returns whether it held.
    @discardableResult
    package static func until(_ seconds: Double = 20, every interval: Double = 0.005, _ condition: () -> Bool)
        -> Bool
    {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if condition() { return true }
            usleep(useconds_t(interval * 1_000_000))
        }
        return condition()
    }

    /// The same from async code: sleeps between the checks instead of blocking a thread.
    @discardableResult
    package static func untilAsync(
        _ seconds: Double = 60, every interval: Double = 0.02, _ condition: () async throws -> Bool
    ) async rethrows -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if try await condition() { return true }
            try? await Task.sleep(nanoseconds: UInt64(interval * 1_000_000_000))
        }
        return try await condition()
    }

    /// Runs `body` on a thread of its own and waits at most `seconds` for it to return; `false` when it did not (the
    /// thread is then abandoned), so a call that hangs fails its test fast instead of stalling the whole run.
    package static func returns(within seconds: Double, _ body: @escaping @Sendable () -> Void) -> Bool {
        let returned = DispatchSemaphore(value: 0)
        let thread = Thread {
            body()
            returned.signal()
        }
        thread.start()
        return returned.wait(timeout: .now() + seconds) == .success
    }
}

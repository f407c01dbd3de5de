import Foundation

/// A value behind an `NSLock`: the one place in PushFake that is `@unchecked Sendable`. Shared by PushFake's
/// modules (`package`), not part of the public API.
///
/// `NSLock` rather than `Synchronization.Mutex`: on Linux the mutex is a priority-inheritance futex that collapses
/// when more threads than cores contend (PlatformNotes.md), and connection threads do contend.
package final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    /// Wraps `value`; reach it only through ``withLock(_:)``.
    package init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with exclusive access to the value.
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}

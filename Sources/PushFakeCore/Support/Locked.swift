import Foundation

/// A value behind an `NSLock`: the one place in PushFake that is `@unchecked Sendable`. Shared by PushFake's
/// modules (`package`), not part of the public API.
///
/// `NSLock` rather than `Synchronization.Mutex`: on Linux the mutex is a priority-inheritance futex that collapses
/// when more threads than cores contend (PlatformNotes.md), and connection threads do contend.
package final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    /// The value in memory of its own, reached through the pointer under the lock: a class's `var` would add
    /// Swift's run-time exclusivity check to every call (about 150 instructions under `valgrind --tool=callgrind`,
    /// Performance.md), and the lock already makes each access exclusive.
    private let value: UnsafeMutablePointer<Value>

    /// Wraps `value`; reach it only through ``withLock(_:)``.
    package init(_ value: Value) {
        self.value = .allocate(capacity: 1)
        self.value.initialize(to: value)
    }

    deinit {
        value.deinitialize(count: 1)
        value.deallocate()
    }

    /// Runs `body` with exclusive access to the value.
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value.pointee)
    }
}

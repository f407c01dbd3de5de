import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A value behind a lock: the one place in PushFake that is `@unchecked Sendable`. Shared by PushFake's modules
/// (`package`), not part of the public API.
///
/// Not `Synchronization.Mutex`: on Linux that is a priority-inheritance futex that collapses when more threads than
/// cores contend, and event loops do contend. On Linux it is glibc's adaptive mutex (`PTHREAD_MUTEX_ADAPTIVE_NP`),
/// which spins a little before it sleeps: the engine holds its lock for a few microseconds, so a loop that finds it
/// taken usually gets it while spinning, where `NSLock`'s plain mutex put the loop to sleep in `futex` at once
/// (both measured in PlatformNotes.md). Elsewhere it is `NSLock`.
package final class Locked<Value>: @unchecked Sendable {
    #if canImport(Glibc)
        private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    #else
        private let lock = NSLock()
    #endif
    /// The value in memory of its own, reached through the pointer under the lock: a class's `var` would add
    /// Swift's run-time exclusivity check to every call (about 150 instructions under `valgrind --tool=callgrind`,
    /// Performance.md), and the lock already makes each access exclusive.
    private let value: UnsafeMutablePointer<Value>

    /// Wraps `value`; reach it only through ``withLock(_:)``.
    package init(_ value: Value) {
        self.value = .allocate(capacity: 1)
        self.value.initialize(to: value)
        #if canImport(Glibc)
            mutex = .allocate(capacity: 1)
            var attributes = pthread_mutexattr_t()
            pthread_mutexattr_init(&attributes)
            // Only fails for an unknown type; the mutex is then glibc's default one, which is still correct.
            pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_ADAPTIVE_NP))
            pthread_mutex_init(mutex, &attributes)
            pthread_mutexattr_destroy(&attributes)
        #endif
    }

    deinit {
        value.deinitialize(count: 1)
        value.deallocate()
        #if canImport(Glibc)
            pthread_mutex_destroy(mutex)
            mutex.deallocate()
        #endif
    }

    /// Runs `body` with exclusive access to the value.
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        #if canImport(Glibc)
            pthread_mutex_lock(mutex)
            defer { pthread_mutex_unlock(mutex) }
        #else
            lock.lock()
            defer { lock.unlock() }
        #endif
        return try body(&value.pointee)
    }
}

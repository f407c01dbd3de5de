import Foundation

/// Which declared fields (``VendorField``) a thread's handlers read while a test records them: the check that every
/// number a route reads is one its table declares (issue 16).
///
/// The trace is per thread, and the engine runs routing and the handler on the caller's thread, so a test that
/// calls ``PushFake/handle(_:)`` inside ``recording(_:)`` sees exactly its own request's reads, whatever other
/// tests do at the same time. Outside a recording, a read costs one thread-local lookup.
package enum VendorFieldTrace {
    private final class Log {
        var reads: [VendorField] = []
    }

    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()

    /// Notes a read of `field`, when this thread is recording.
    static func note(_ field: VendorField) {
        guard let raw = pthread_getspecific(key) else { return }
        Unmanaged<Log>.fromOpaque(raw).takeUnretainedValue().reads.append(field)
    }

    /// Runs `body` and returns what it returned with the fields read on this thread meanwhile, in order.
    package static func recording<Result>(_ body: () throws -> Result) rethrows -> (Result, [VendorField]) {
        let log = Log()
        let previous = pthread_getspecific(key)
        pthread_setspecific(key, Unmanaged.passUnretained(log).toOpaque())
        defer { pthread_setspecific(key, previous) }
        let result = try withExtendedLifetime(log) { try body() }
        return (result, log.reads)
    }
}

import Foundation

/// The one delayed answer a loader may owe its client, and whether `stopLoading` cancelled it.
///
/// Client callbacks for a delayed answer must not race with `stopLoading`: both take this box's lock, so once
/// `stopLoading` returns no callback starts, and a callback already running finishes first. The lock is recursive
/// because URLSession may call `stopLoading` from inside a client callback on the same thread.
///
/// Where the answer is delivered differs by platform (the one Darwin path of this module, reviewed, not tested
/// here): on Darwin the callbacks run on the run loop of the thread that called `startLoading`, as well-behaved
/// URLProtocols do, by a timer that `stopLoading` (called on that same thread) invalidates. FoundationNetworking on
/// Linux calls `startLoading` from a queue with no running run loop, so there a global queue delivers, under the lock.
final class PendingAnswer: @unchecked Sendable {
    private let lock = NSRecursiveLock()
    private var cancelled = false
    #if canImport(Darwin)
        private var timer: Timer?
    #endif

    /// Runs `deliver` after `delay` seconds unless ``cancel()`` came first. Call from `startLoading`.
    func schedule(after delay: Double, _ deliver: @escaping @Sendable () -> Void) {
        #if canImport(Darwin)
            let timer = Timer(timeInterval: delay, repeats: false) { [self] _ in run(deliver) }
            lock.lock()
            self.timer = timer
            lock.unlock()
            RunLoop.current.add(timer, forMode: .common)
        #else
            DispatchQueue.global().asyncAfter(deadline: .now() + delay) { [self] in run(deliver) }
        #endif
    }

    private func run(_ deliver: () -> Void) {
        lock.lock()
        defer { lock.unlock() }
        guard !cancelled else { return }
        cancelled = true
        deliver()
    }

    /// No callback starts after this returns. Call from `stopLoading`.
    func cancel() {
        lock.lock()
        defer { lock.unlock() }
        cancelled = true
        #if canImport(Darwin)
            timer?.invalidate()
            timer = nil
        #endif
    }
}

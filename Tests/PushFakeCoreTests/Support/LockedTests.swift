import Dispatch
import Foundation
import XCTest

@testable import PushFakeCore

/// The engine's lock (glibc's adaptive mutex on Linux, `NSLock` elsewhere): exclusive under contention from more
/// threads than this machine has cores, and released when the body throws.
final class LockedTests: XCTestCase {
    private struct Failure: Error {}

    func test_withLock_losesNoIncrement_whenMoreThreadsThanCoresContend() {
        let counter = Locked(0)
        let threads = 8
        let rounds = 20_000
        // A read, now and then a yield, and a write: without exclusion, two threads would read the same value and
        // one write would be lost. Threads, not `concurrentPerform`, which runs one worker per core.
        let finished = DispatchGroup()
        for _ in 0..<threads {
            finished.enter()
            Thread {
                for _ in 0..<rounds {
                    counter.withLock { value in
                        let read = value
                        if read % 1_000 == 0 { sched_yield() }
                        value = read + 1
                    }
                }
                finished.leave()
            }.start()
        }
        XCTAssertEqual(finished.wait(timeout: .now() + 120), .success, "the threads did not finish")
        XCTAssertEqual(counter.withLock { $0 }, threads * rounds)
    }

    func test_withLock_releasesTheLock_whenTheBodyThrows() {
        let locked = Locked([Int]())
        XCTAssertThrowsError(try locked.withLock { _ in throw Failure() })
        // Taken again on another thread, with a deadline: a lock left held fails the test instead of hanging it.
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            locked.withLock { $0.append(1) }
            done.signal()
        }
        XCTAssertEqual(done.wait(timeout: .now() + 30), .success, "the lock stayed held after the body threw")
        XCTAssertEqual(locked.withLock { $0 }, [1])
    }
}

#if os(Linux)
    import Glibc

    /// Keeps a busy event loop from starving a thread that shares its core.
    ///
    /// A loop whose connections always have work never blocks, so the scheduler only switches away from it at a
    /// timer tick: on the development machine (HZ=250, EEVDF running a task to its slice) a client thread on the
    /// same core — wrk in scripts/bench, or the app under test — waits 4–8 ms for its responses, and p99 latency
    /// becomes the tick (PlatformNotes.md, "Event loops and the scheduler"). So after ``busyLimit`` of work without
    /// sleeping in `epoll_wait`, the loop calls `sched_yield()`: whoever waits for this core runs now, and the loop
    /// carries on as soon as it has run. At most one system call per ``busyLimit``; a loop that sleeps never yields.
    struct LoopFairness {
        /// Continuous work after which the loop yields its core.
        static let busyLimit: UInt64 = 100_000
        /// An `epoll_wait` that took longer than this slept, so the core was free for others meanwhile.
        static let sleptThreshold: UInt64 = 20_000

        private var busySince: UInt64

        init(now: UInt64) {
            busySince = now
        }

        /// `epoll_wait` ran from `start` to `end`.
        mutating func waited(from start: UInt64, to end: UInt64) {
            if end &- start > Self.sleptThreshold { busySince = end }
        }

        /// Yields the core when the loop has worked without sleeping for ``busyLimit``.
        mutating func yieldIfBusy(now: UInt64) {
            guard now &- busySince >= Self.busyLimit else { return }
            sched_yield()
            busySince = now
        }
    }
#endif

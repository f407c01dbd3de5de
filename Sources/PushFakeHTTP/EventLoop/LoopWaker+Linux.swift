#if os(Linux)
    /// Wakes an event loop for one of its connections: queues the descriptor and signals the loop's eventfd
    /// (once per batch: only the first descriptor queued after the loop took the queue signals).
    struct LoopWaker: ConnectionWaker {
        let loop: EventLoop
        let fd: Int32

        func wake() {
            let first = loop.woken.withLock { queue -> Bool in
                queue.append(fd)
                return queue.count == 1
            }
            if first { loop.wakeUp() }
        }
    }
#endif

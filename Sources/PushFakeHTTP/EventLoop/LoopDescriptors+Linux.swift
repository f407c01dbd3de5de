#if os(Linux)
    import Glibc

    /// An event loop's epoll and eventfd descriptors, closed when the last holder lets go — not when the loop's
    /// thread ends.
    ///
    /// A loop ends while others may still hold it: a producer on another thread about to wake a connection
    /// (``LoopWaker``), the accept thread handing it one last socket, `stop()` waking every loop. Were the loop to
    /// close its eventfd as it ended, such a late write would land on whatever descriptor took that number next —
    /// another server's wake pipe, say, whose accept loop would then stop and close its listener. Held here, the
    /// numbers stay this loop's for as long as anyone can use them.
    final class LoopDescriptors: Sendable {
        let epoll: Int32
        let wake: Int32

        init(epoll: Int32, wake: Int32) {
            self.epoll = epoll
            self.wake = wake
        }

        deinit {
            Glibc.close(wake)
            Glibc.close(epoll)
        }
    }
#endif

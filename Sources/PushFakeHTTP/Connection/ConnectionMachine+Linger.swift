extension ConnectionMachine {
    /// The last answer is written: close — or, after a 413 to a body the client may still be sending, linger.
    ///
    /// Closing a socket with unread input makes the kernel reset the connection, and a client still writing its
    /// body (one over `--max-body-bytes` that it sends without waiting for `100 Continue`) then gets the reset
    /// instead of the 413 that explains it. So the connection shuts its sending side (the client reads the answer
    /// and then the end of the stream), reads and discards whatever still comes, and closes when the client's input
    /// ends, after ``Configuration/lingerBytes`` or after ``Configuration/lingerTimeout``, whichever comes first
    /// (FakeBehaviour.md, "Bodies over the limit").
    mutating func closeWritten(now: UInt64) {
        guard lingersOnClose, !inputClosed else {
            lifecycle.closed()
            return
        }
        lifecycle.lingerStarted(
            until: Nanoseconds.adding(configuration.lingerTimeout, to: now), budget: configuration.lingerBytes)
        writeShutdownPending = true
    }

    /// Whether the driver must shut down the socket's sending side now (`shutdown(SHUT_WR)`), then call
    /// ``didShutDownWrite()``: once, when the connection starts lingering.
    package var wantsWriteShutdown: Bool {
        writeShutdownPending && lifecycle.isLingering
    }

    /// The driver shut the socket's sending side down.
    package mutating func didShutDownWrite() {
        writeShutdownPending = false
    }
}

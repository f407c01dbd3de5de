#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A pipe that, once signalled, stays readable: how ``PushFakeServer/stop()`` wakes every thread waiting in
/// `poll()` — the accept loop and the thread-per-connection readers — on Linux and Darwin alike.
///
/// Waking a thread blocked in `accept()` by `shutdown()` of the listener works only on Linux; Darwin answers
/// ENOTCONN and leaves `accept()` blocked, and `close()` from another thread wakes it on neither reliably
/// (PlatformNotes.md, "Sockets and the server"). So no thread ever blocks in `accept()` or `recv()` alone: each
/// polls its socket together with this pipe's read end. The server's stop pipe is never read, so every current and
/// later `poll()` sees its byte. (A connection's own wake pipe is drained: WakePipe+Waker.swift.) The descriptors
/// close when the last owner lets go.
final class WakePipe: Sendable {
    let readFD: Int32
    private let writeFD: Int32

    /// `nil` when the process is out of descriptors.
    init?() {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { return nil }
        readFD = fds[0]
        writeFD = fds[1]
        for fd in fds {
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            // Non-blocking both ways: signal() never blocks on a full pipe, drain() stops when it is empty.
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL, 0) | O_NONBLOCK)
        }
    }

    /// Makes the read end readable for good. Safe to call more than once and from any thread.
    func signal() {
        var byte: UInt8 = 1
        _ = write(writeFD, &byte, 1)
    }

    deinit {
        _ = close(readFD)
        _ = close(writeFD)
    }
}

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A thread-per-connection reader's own wake pipe: an answer's producer (``DeferredResponse``, ``ResponseStream``)
/// signals it from any thread; the reader polls it with its socket and the server's stop pipe, and drains it.
extension WakePipe: ConnectionWaker {
    func wake() {
        signal()
    }

    /// Reads every byte signalled so far, so the next `poll()` waits again.
    func drain() {
        var bytes = (UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0))
        let size = MemoryLayout.size(ofValue: bytes)
        while withUnsafeMutableBytes(of: &bytes, { read(readFD, $0.baseAddress, size) }) == size {}
    }
}

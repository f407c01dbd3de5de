/// Wakes the I/O thread of a connection waiting for another thread: the event loop's eventfd, or the wake pipe of
/// a thread-per-connection reader.
package protocol ConnectionWaker: Sendable {
    /// Makes the connection's thread look at its ``ExternalSource`` soon; never blocks.
    func wake()
}

import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A bare TCP client socket for hostile-client tests: connect and say nothing, send exact bytes, tell a close from a
/// silence, and reset the connection (SO_LINGER 0). ``LoopbackHTTPClient`` covers well-formed HTTP exchanges.
package final class RawConnection {
    package let fd: Int32
    private var closed = false

    /// What one read saw.
    package enum Read: Equatable {
        case bytes([UInt8])
        /// The server closed the connection (read returned 0, or a reset).
        case closed
        /// Nothing came within the receive timeout.
        case silent
    }

    /// Connects to `127.0.0.1:port`; each read waits at most `receiveTimeout` seconds. `receiveBuffer` sets
    /// SO_RCVBUF before connecting, which caps the window the server may fill.
    package init(port: Int, receiveTimeout: Double = 10, receiveBuffer: Int32? = nil) throws {
        fd = try LoopbackSocket.make()
        var timeout = timeval()
        timeout.tv_sec = numericCast(Int(receiveTimeout))
        timeout.tv_usec = numericCast(Int(receiveTimeout.truncatingRemainder(dividingBy: 1) * 1_000_000))
        _ = setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        if var size = receiveBuffer {
            _ = setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        }
        var address = LoopbackSocket.address(port: port)
        let result = LoopbackSocket.withSockaddr(&address) { connect(fd, $0, $1) }
        guard result == 0 else {
            let error = errno
            _ = close(fd)
            throw POSIXError(POSIXErrorCode(rawValue: error) ?? .ECONNREFUSED)
        }
    }

    deinit { closeNow() }

    /// Writes every byte; `false` when the server is gone.
    @discardableResult
    package func send(_ bytes: [UInt8]) -> Bool {
        LoopbackSocket.sendAll(fd, bytes)
    }

    @discardableResult
    package func send(_ text: String) -> Bool { send(Array(text.utf8)) }

    /// One read of whatever is there.
    package func read() -> Read {
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count > 0 { return .bytes(Array(buffer[0..<count])) }
            if count == 0 { return .closed }
            if errno == EINTR { continue }
            return errno == EAGAIN || errno == EWOULDBLOCK ? .silent : .closed
        }
    }

    /// Everything until the server closes (or goes silent for the receive timeout), and how it ended.
    package func readToEnd() -> (bytes: [UInt8], ending: Read) {
        readUntil { _ in false }
    }

    /// Half-closes: the server reads the end of the input (FIN), and this side can still read its answer.
    package func shutdownWrite() {
        #if canImport(Glibc)
            _ = shutdown(fd, Int32(SHUT_WR))
        #else
            _ = shutdown(fd, SHUT_WR)
        #endif
    }

    /// Reads until `done` holds for everything received so far, the server closes, or a read stays silent for the
    /// receive timeout; returns what came and how the last read ended (`.bytes` when `done` was met).
    package func readUntil(_ done: ([UInt8]) -> Bool) -> (bytes: [UInt8], ending: Read) {
        var received: [UInt8] = []
        while !done(received) {
            switch read() {
            case .bytes(let bytes): received += bytes
            case let ending: return (received, ending)
            }
        }
        return (received, .bytes([]))
    }

    /// Resets the connection: SO_LINGER 0, then close, so the server sees RST instead of FIN.
    package func reset() {
        var linger = linger(l_onoff: 1, l_linger: 0)
        _ = setsockopt(fd, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<linger>.size))
        closeNow()
    }

    package func closeNow() {
        guard !closed else { return }
        closed = true
        _ = close(fd)
    }
}

import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A bare TCP client socket for hostile-client tests: connect and say nothing, send exact bytes, tell a close from a
/// silence, and reset the connection (SO_LINGER 0). ``LoopbackHTTPClient`` covers well-formed HTTP exchanges.
final class RawConnection {
    let fd: Int32
    private var closed = false

    /// What one read saw.
    enum Read: Equatable {
        case bytes([UInt8])
        /// The server closed the connection (read returned 0, or a reset).
        case closed
        /// Nothing came within the receive timeout.
        case silent
    }

    /// Connects to `127.0.0.1:port`; each read waits at most `receiveTimeout` seconds. `receiveBuffer` sets
    /// SO_RCVBUF before connecting, which caps the window the server may fill.
    init(port: Int, receiveTimeout: Double = 10, receiveBuffer: Int32? = nil) throws {
        #if canImport(Glibc)
            fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { throw POSIXError(.EMFILE) }
        #if canImport(Darwin)
            var one: Int32 = 1
            _ = setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
        #endif
        var timeout = timeval()
        timeout.tv_sec = numericCast(Int(receiveTimeout))
        timeout.tv_usec = numericCast(Int(receiveTimeout.truncatingRemainder(dividingBy: 1) * 1_000_000))
        _ = setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        if var size = receiveBuffer {
            _ = setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        }
        var address = sockaddr_in()
        #if canImport(Darwin)
            address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
        #endif
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = in_addr_t(UInt32(0x7F00_0001).bigEndian)
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard result == 0 else {
            let error = errno
            _ = close(fd)
            throw POSIXError(POSIXErrorCode(rawValue: error) ?? .ECONNREFUSED)
        }
    }

    deinit { closeNow() }

    /// Writes every byte; `false` when the server is gone.
    @discardableResult
    func send(_ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes.withUnsafeBytes { buffer in
                buffer.baseAddress.map { Self.sendFlagsCall(fd, $0 + offset, buffer.count - offset) } ?? -1
            }
            if sent < 0, errno == EINTR { continue }
            guard sent > 0 else { return false }
            offset += sent
        }
        return true
    }

    @discardableResult
    func send(_ text: String) -> Bool { send(Array(text.utf8)) }

    /// One read of whatever is there.
    func read() -> Read {
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count > 0 { return .bytes(Array(buffer[0..<count])) }
            if count == 0 { return .closed }
            if errno == EINTR { continue }
            return errno == EAGAIN || errno == EWOULDBLOCK ? .silent : .closed
        }
    }

    /// One whole `Content-Length` answer (head and body), read as it comes; `nil` when the connection ends or goes
    /// silent first.
    func readAnswer() -> RawAnswer? {
        var received: [UInt8] = []
        while true {
            let text = String(decoding: received, as: UTF8.self)
            if let end = text.range(of: "\r\n\r\n") {
                let head = text[..<end.lowerBound].lowercased()
                let length =
                    head.split(separator: "\r\n").first { $0.hasPrefix("content-length:") }
                    .flatMap { Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) } ?? 0
                let headBytes = text[..<end.upperBound].utf8.count
                if received.count >= headBytes + length { return RawAnswer(bytes: received, ending: .silent) }
            }
            guard case .bytes(let more) = read() else { return nil }
            received += more
        }
    }

    /// Everything until the server closes (or goes silent for the receive timeout), and how it ended.
    func readToEnd() -> (bytes: [UInt8], ending: Read) {
        var received: [UInt8] = []
        while true {
            switch read() {
            case .bytes(let bytes): received += bytes
            case let ending: return (received, ending)
            }
        }
    }

    /// Half-closes: the server reads the end of the input (FIN), and this side can still read its answer.
    func shutdownWrite() {
        #if canImport(Glibc)
            _ = shutdown(fd, Int32(SHUT_WR))
        #else
            _ = shutdown(fd, SHUT_WR)
        #endif
    }

    /// Reads until `done` holds for everything received so far, the server closes, or a read stays silent for the
    /// receive timeout; returns what came and how the last read ended (`.bytes` when `done` was met).
    func readUntil(_ done: ([UInt8]) -> Bool) -> (bytes: [UInt8], ending: Read) {
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
    func reset() {
        var linger = linger(l_onoff: 1, l_linger: 0)
        _ = setsockopt(fd, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<linger>.size))
        closeNow()
    }

    func closeNow() {
        guard !closed else { return }
        closed = true
        _ = close(fd)
    }

    private static func sendFlagsCall(_ fd: Int32, _ pointer: UnsafeRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
            Glibc.send(fd, pointer, count, Int32(MSG_NOSIGNAL))
        #else
            Darwin.send(fd, pointer, count, 0)
        #endif
    }
}

import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The few socket calls the raw test client and the stand-in server share, written apart from PushFakeHTTP's own
/// socket layer on purpose: what tests the server should not be the server's code.
package enum LoopbackSocket {
    /// A new TCP socket; on Darwin it never raises SIGPIPE (Linux sends with `MSG_NOSIGNAL` instead).
    static func make() throws -> Int32 {
        let fd = socket(AF_INET, streamType, 0)
        guard fd >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EMFILE) }
        suppressSIGPIPE(fd)
        return fd
    }

    /// `127.0.0.1:port` (0: any port, for a listener).
    static func address(port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        #if canImport(Darwin)
            address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
        #endif
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(truncatingIfNeeded: port).bigEndian)
        address.sin_addr.s_addr = in_addr_t(UInt32(0x7F00_0001).bigEndian)
        return address
    }

    /// Calls `body` with `address` as the `sockaddr` pointer and length the socket calls take.
    static func withSockaddr<Result>(
        _ address: inout sockaddr_in, _ body: (UnsafeMutablePointer<sockaddr>, socklen_t) -> Result
    ) -> Result {
        withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
    }

    /// Writes every byte, retrying after a signal; `false` once the peer is gone.
    static func sendAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes.withUnsafeBytes { buffer in
                buffer.baseAddress.map { send(fd, $0 + offset, buffer.count - offset, sendFlags) } ?? -1
            }
            if sent < 0, errno == EINTR { continue }
            guard sent > 0 else { return false }
            offset += sent
        }
        return true
    }
}

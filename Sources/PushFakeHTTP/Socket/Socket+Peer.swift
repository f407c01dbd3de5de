#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Who is on the other end of a connection, as far as the admin API's access rule needs it.
package struct PeerAddress: Sendable, Equatable {
    /// `127.0.0.1`, `::1`, `10.0.2.2`, …; empty when unknown.
    package let host: String
    /// 127.0.0.0/8, `::1`, or an IPv4-mapped loopback address (`::ffff:127.0.0.1`).
    package let isLoopback: Bool

    /// A peer nothing is known about (in-process requests without a socket are not served by the server).
    package static let unknown = PeerAddress(host: "", isLoopback: false)
    /// A loopback peer, for tests of the access rules.
    package static let loopback = PeerAddress(host: "127.0.0.1", isLoopback: true)

    package init(host: String, isLoopback: Bool) {
        self.host = host
        self.isLoopback = isLoopback
    }
}

extension Socket {
    /// The connected peer's address (`getpeername`), read once per connection.
    func peerAddress() -> PeerAddress {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let result = withUnsafeMutablePointer(to: &storage) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { getpeername(fd, $0, &length) }
        }
        guard result == 0 else { return .unknown }
        return withUnsafePointer(to: storage) { pointer in
            switch Int32(storage.ss_family) {
            case AF_INET:
                return pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { address in
                    let raw = address.pointee.sin_addr
                    let bytes = withUnsafeBytes(of: raw) { Array($0) }
                    return PeerAddress(host: Self.text(of: bytes, family: AF_INET), isLoopback: bytes.first == 127)
                }
            case AF_INET6:
                return pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { address in
                    let raw = address.pointee.sin6_addr
                    let bytes = withUnsafeBytes(of: raw) { Array($0) }
                    let isMapped =
                        bytes.count == 16 && bytes[0..<10].allSatisfy { $0 == 0 } && bytes[10] == 0xFF
                        && bytes[11] == 0xFF
                    let loopback =
                        (bytes.count == 16 && bytes[0..<15].allSatisfy { $0 == 0 } && bytes[15] == 1)
                        || (isMapped && bytes[12] == 127)
                    return PeerAddress(host: Self.text(of: bytes, family: AF_INET6), isLoopback: loopback)
                }
            default:
                return .unknown
            }
        }
    }

    /// `inet_ntop` of an address's raw bytes (4 for IPv4, 16 for IPv6).
    private static func text(of address: [UInt8], family: Int32) -> String {
        var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN) + 1)
        let written = address.withUnsafeBytes { raw in
            inet_ntop(family, raw.baseAddress, &buffer, socklen_t(buffer.count))
        }
        guard written != nil else { return "" }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

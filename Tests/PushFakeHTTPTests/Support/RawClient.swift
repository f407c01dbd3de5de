import Foundation
import PushFakeCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A blocking TCP client for tests that need exact bytes on the wire (malformed HTTP, pipelining, timeouts).
final class RawClient {
    struct Response {
        var status: Int
        var headers: HTTPHeaders
        var body: [UInt8]
        var json: JSON? { try? JSON.parse(body) }
        var text: String { String(decoding: body, as: UTF8.self) }
    }

    let fd: Int32
    private var pending: [UInt8] = []

    init(port: Int, host: String = "127.0.0.1", receiveTimeout: Double = 10) throws {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        #if canImport(Glibc)
            hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        #else
            hints.ai_socktype = SOCK_STREAM
        #endif
        var list: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, String(port), &hints, &list) == 0, let info = list else {
            throw PushFakeError.cannotResolve(host: host)
        }
        defer { freeaddrinfo(list) }
        fd = socket(info.pointee.ai_family, info.pointee.ai_socktype, info.pointee.ai_protocol)
        guard fd >= 0, connect(fd, info.pointee.ai_addr, info.pointee.ai_addrlen) == 0 else {
            throw PushFakeError.cannotBind(host: host, port: port, errno: errno)
        }
        var timeout = timeval()
        timeout.tv_sec = numericCast(Int(receiveTimeout))
        timeout.tv_usec = numericCast(Int(receiveTimeout.truncatingRemainder(dividingBy: 1) * 1_000_000))
        _ = setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    deinit { close(fd) }

    func send(_ text: String) {
        send(Array(text.utf8))
    }

    func send(_ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            #if canImport(Glibc)
                let flags = Int32(MSG_NOSIGNAL)
            #else
                let flags: Int32 = 0
            #endif
            let sent = bytes[offset...].withUnsafeBytes { rawSend(fd, $0.baseAddress, $0.count, flags) }
            if sent <= 0 { return }
            offset += sent
        }
    }

    /// Reads more bytes; `false` on close, error or timeout.
    private func fill() -> Bool {
        var buffer = [UInt8](repeating: 0, count: 65_536)
        let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return false }
        pending += buffer[0..<count]
        return true
    }

    /// `true` when the server closed the connection (or reset it) without sending anything more.
    func isClosedByPeer() -> Bool {
        pending.isEmpty && !fill()
    }

    /// Reads one response (Content-Length framed); `nil` when the connection closed first.
    func readResponse(head: Bool = false) -> Response? {
        while true {
            if let end = headEnd() {
                let headText = String(decoding: pending[0..<end], as: UTF8.self)
                var lines = headText.components(separatedBy: "\r\n")
                let statusLine = lines.removeFirst().split(separator: " ")
                guard statusLine.count >= 2, let status = Int(statusLine[1]) else { return nil }
                var headers = HTTPHeaders()
                for line in lines where !line.isEmpty {
                    guard let colon = line.firstIndex(of: ":") else { continue }
                    headers.add(
                        name: String(line[..<colon]),
                        value: line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
                }
                let length = head ? 0 : (headers["Content-Length"].flatMap(Int.init) ?? 0)
                while pending.count < end + 4 + length {
                    guard fill() else { return nil }
                }
                let body = Array(pending[(end + 4)..<(end + 4 + length)])
                pending.removeFirst(end + 4 + length)
                return Response(status: status, headers: headers, body: body)
            }
            guard fill() else { return nil }
        }
    }

    private func headEnd() -> Int? {
        guard pending.count >= 4 else { return nil }
        for index in 0...(pending.count - 4)
        where pending[index] == 13 && pending[index + 1] == 10 && pending[index + 2] == 13 && pending[index + 3] == 10 {
            return index
        }
        return nil
    }
}

/// The C `send`, out of reach of `RawClient.send` shadowing it.
private func rawSend(_ fd: Int32, _ bytes: UnsafeRawPointer?, _ count: Int, _ flags: Int32) -> Int {
    send(fd, bytes, count, flags)
}

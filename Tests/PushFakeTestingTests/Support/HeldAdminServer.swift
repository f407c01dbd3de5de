import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A stand-in for `pushfake serve`'s admin API that answers in rounds: it holds the requests of a round until
/// `expected` of them wait at once, then answers them all. A fixture that blocks a thread of Swift's cooperative pool
/// per admin call cannot have more calls waiting than the pool has threads: its round never fills, and after
/// `deadline` seconds the server stops holding (``fullRounds`` then counts only the rounds before).
///
/// It answers `POST …/instances` with a new instance, `GET …/journal` with an empty journal, everything else with
/// `{}`, on keep-alive connections.
final class HeldAdminServer: @unchecked Sendable {
    let port: Int
    private let listener: Int32
    private let expected: Int
    private let condition = NSCondition()
    private var round = 0
    private var waiting = 0
    private var expired = false
    private var instances = 0
    private var full = 0
    private var stopped = false

    /// The rounds in which `expected` requests waited at once.
    var fullRounds: Int { condition.withLock { full } }

    var url: URL { URL(string: "http://127.0.0.1:\(port)") ?? URL(fileURLWithPath: "/") }

    init(expected: Int, deadline: Double = 60) throws {
        self.expected = expected
        #if canImport(Glibc)
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { throw POSIXError(.EIO) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        guard bound == 0, listen(fd, 128) == 0 else {
            close(fd)
            throw POSIXError(.EADDRINUSE)
        }
        listener = fd
        port = Int(UInt16(bigEndian: address.sin_port))
        Thread { [self] in acceptLoop(until: Date().addingTimeInterval(deadline)) }.start()
    }

    private func acceptLoop(until deadline: Date) {
        // Polls, so that stop() ends it on Darwin too (where shutting a listener down does not wake accept).
        while !condition.withLock({ stopped }) {
            var poller = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 200) > 0 else { continue }
            let client = accept(listener, nil, nil)
            guard client >= 0 else { continue }
            Thread { [self] in serve(client, until: deadline) }.start()
        }
        close(listener)
    }

    /// Answers the requests of one keep-alive connection (a fixture's session reuses it), one at a time.
    private func serve(_ client: Int32, until deadline: Date) {
        defer { close(client) }
        while let head = Self.readRequest(client) {
            guard answer(head, to: client, until: deadline) else { return }
        }
    }

    /// The next request's head (its body read and dropped); `nil` when the client has gone.
    private static func readRequest(_ client: Int32) -> String? {
        var request: [UInt8] = []
        var byte: UInt8 = 0
        while request.count < 65_536 {
            guard recv(client, &byte, 1, 0) == 1 else { return nil }
            request.append(byte)
            if request.suffix(4).elementsEqual([13, 10, 13, 10]) { break }
        }
        let head = String(decoding: request, as: UTF8.self)
        let length =
            head.split(separator: "\r\n").first { $0.lowercased().hasPrefix("content-length:") }
            .flatMap { Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) } ?? 0
        for _ in 0..<min(length, 65_536) where recv(client, &byte, 1, 0) == 1 {}
        return head
    }

    /// Waits for the request's round to fill (or the deadline), then answers; `false` when the client has gone.
    private func answer(_ head: String, to client: Int32, until deadline: Date) -> Bool {
        condition.lock()
        let mine = round
        waiting += 1
        if !expired, waiting == expected {
            full += 1
            round += 1
            waiting = 0
            condition.broadcast()
        }
        while !expired, round == mine {
            if !condition.wait(until: deadline) { expired = true }
        }
        instances += 1
        let id = instances
        condition.unlock()
        let creates = head.hasPrefix("POST /__pushfake/instances ")
        let body: String
        if creates {
            body = #"{"id":"\#(id)","urls":{"base":"\#(url.absoluteString)/i/\#(id)"},"journalLimit":null}"#
        } else if head.contains("/__pushfake/journal ") || head.contains("/__pushfake/journal?") {
            // A one-page journal: `next` is null, as the server answers a request with `limit`.
            body = #"{"entries":[],"count":0,"total":0,"dropped":0,"next":null}"#
        } else {
            body = "{}"
        }
        let answer = Array(
            ("HTTP/1.1 \(creates ? "201 Created" : "200 OK")\r\nContent-Type: application/json\r\n"
                + "Content-Length: \(body.utf8.count)\r\n\r\n" + body).utf8)
        #if canImport(Glibc)
            let flags = Int32(MSG_NOSIGNAL)
        #else
            let flags: Int32 = 0
        #endif
        return answer.withUnsafeBytes { send(client, $0.baseAddress, $0.count, flags) } == answer.count
    }

    /// Stops accepting.
    func stop() {
        condition.withLock { stopped = true }
    }
}

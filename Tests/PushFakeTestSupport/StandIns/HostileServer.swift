import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A tiny HTTP server on 127.0.0.1:0 that answers every connection the way a test says — an endless chunked body, a
/// huge `Content-Length` sent slowly, a line that never ends — for the commands that read from servers PushFake does
/// not control (`replay`, `tail`, `serve --upstream-…`).
///
/// Each connection gets its own thread: the request head is read, then `answer` writes through `send`, which returns
/// `false` once the client has gone (the answer should then return). ``stop()`` closes everything.
package final class HostileServer: @unchecked Sendable {
    /// Writes bytes to the client; `false` when it has gone.
    package typealias Send = ([UInt8]) -> Bool

    package let port: Int
    private let listener: Int32
    private let lock = NSLock()
    private var clients: [Int32] = []
    private var stopped = false
    /// Bytes written to all clients so far.
    package private(set) var bytesSent = 0
    package private(set) var connections = 0

    package var url: String { "http://127.0.0.1:\(port)" }

    package init(answer: @escaping @Sendable (_ requestHead: String, _ send: Send) -> Void) throws {
        let fd = try LoopbackSocket.make()
        var one: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        var address = LoopbackSocket.address(port: 0)
        let bound = LoopbackSocket.withSockaddr(&address) { bind(fd, $0, $1) }
        guard bound == 0, listen(fd, 64) == 0 else {
            close(fd)
            throw POSIXError(.EADDRINUSE)
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = LoopbackSocket.withSockaddr(&address) { pointer, _ in getsockname(fd, pointer, &length) }
        listener = fd
        port = Int(UInt16(bigEndian: address.sin_port))
        let thread = Thread { [self] in acceptLoop(answer) }
        thread.start()
    }

    deinit { stop() }

    /// Stops accepting and closes every connection.
    package func stop() {
        let (open, wasStopped) = lock.withLock { () -> ([Int32], Bool) in
            defer { stopped = true }
            return (clients, stopped)
        }
        guard !wasStopped else { return }
        for fd in open { shutdown(fd, Int32(SHUT_RDWR)) }
        // Wakes the accept loop (on Linux; the loop also polls below).
        shutdown(listener, Int32(SHUT_RDWR))
    }

    private func acceptLoop(_ answer: @escaping @Sendable (String, Send) -> Void) {
        while !lock.withLock({ stopped }) {
            var poller = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 200) > 0 else { continue }
            let client = accept(listener, nil, nil)
            guard client >= 0 else { continue }
            LoopbackSocket.suppressSIGPIPE(client)
            lock.withLock {
                clients.append(client)
                connections += 1
            }
            let thread = Thread { [self] in serve(client, answer) }
            thread.start()
        }
        close(listener)
    }

    private func serve(_ client: Int32, _ answer: (String, Send) -> Void) {
        var head: [UInt8] = []
        var byte: UInt8 = 0
        while head.count < 65_536, recv(client, &byte, 1, 0) == 1 {
            head.append(byte)
            if head.count >= 4, head.suffix(4).elementsEqual([13, 10, 13, 10]) { break }
        }
        answer(String(decoding: head, as: UTF8.self)) { [self] bytes in
            guard !lock.withLock({ stopped }) else { return false }
            let sent = LoopbackSocket.sendAll(client, bytes)
            if sent { lock.withLock { bytesSent += bytes.count } }
            return sent
        }
        lock.withLock { clients.removeAll { $0 == client } }
        close(client)
    }
}

extension HostileServer {
    /// An answer head and then `chunk` forever, chunked.
    package static func endlessChunked(contentType: String = "application/json", chunk: [UInt8])
        -> @Sendable (
            String, Send
        ) -> Void
    {
        { _, send in
            let head = "HTTP/1.1 200 OK\r\nContent-Type: \(contentType)\r\nTransfer-Encoding: chunked\r\n\r\n"
            guard send(Array(head.utf8)) else { return }
            let framed = Array((String(chunk.count, radix: 16) + "\r\n").utf8) + chunk + [13, 10]
            while send(framed) {}
        }
    }

    /// `text` as it is, then the connection held open (up to a minute, or until the server stops).
    package static func raw(_ text: String) -> @Sendable (String, Send) -> Void {
        { _, send in
            guard send(Array(text.utf8)) else { return }
            for _ in 0..<1_200 {
                Thread.sleep(forTimeInterval: 0.05)
                // An empty write fails only when the server stopped.
                guard send([]) else { return }
            }
        }
    }

    /// A head announcing `length` bytes, then `piece` every `interval` seconds, forever.
    package static func slowLength(_ length: Int, piece: Int, interval: Double) -> @Sendable (String, Send) -> Void {
        { _, send in
            let head = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: \(length)\r\n\r\n"
            guard send(Array(head.utf8)) else { return }
            let bytes = [UInt8](repeating: UInt8(ascii: "a"), count: piece)
            while send(bytes) { Thread.sleep(forTimeInterval: interval) }
        }
    }
}

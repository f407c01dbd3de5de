import PushFakeCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A thin owner of one socket file descriptor: only POSIX calls that are the same on Linux and Darwin.
struct Socket: Sendable {
    let fd: Int32

    /// What `waitReadable` saw.
    enum Readiness {
        case readable
        case timedOut
        case closed
    }

    /// Binds and listens on `host:port` (port 0 = the kernel picks), returning the socket and the bound port.
    static func listen(host: String, port: Int, backlog: Int32 = 1024) throws(PushFakeError) -> (Socket, Int) {
        let outcome = try firstUsable(host: host, port: port, flags: AI_PASSIVE | AI_NUMERICSERV) { fd, info in
            var one: Int32 = 1
            _ = setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
            guard bind(fd, info.ai_addr, info.ai_addrlen) == 0, CSocket.listen(fd, backlog) == 0 else { return false }
            // The accept loop polls the listener with a wake pipe and accepts until EWOULDBLOCK, so it never blocks
            // in accept() itself (WakePipe.swift says why).
            Socket(fd: fd).setNonBlocking(true)
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            return true
        }
        switch outcome {
        case .success(let socket): return (socket, socket.localPort())
        case .failure(let unusable) where unusable.errno == EADDRINUSE: throw PushFakeError.addressInUse(port: port)
        case .failure(let unusable): throw PushFakeError.cannotBind(host: host, port: port, errno: unusable.errno)
        }
    }

    /// Connects to `host:port` (blocking); `receiveTimeout` bounds each read.
    static func connect(host: String, port: Int, receiveTimeout: Double) throws(PushFakeError) -> Socket {
        let outcome = try firstUsable(host: host, port: port, flags: AI_NUMERICSERV) { fd, info in
            guard CSocket.connect(fd, info.ai_addr, info.ai_addrlen) == 0 else { return false }
            SocketSystem.configureAccepted(fd)
            var timeout = timeval()
            timeout.tv_sec = numericCast(Int(receiveTimeout))
            timeout.tv_usec = numericCast(Int(receiveTimeout.truncatingRemainder(dividingBy: 1) * 1_000_000))
            _ = setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
            var one: Int32 = 1
            _ = setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
            return true
        }
        switch outcome {
        case .success(let socket): return socket
        case .failure(let unusable): throw PushFakeError.cannotConnect(host: host, port: port, errno: unusable.errno)
        }
    }

    /// The `errno` of the last address tried, when none could be used.
    struct Unusable: Error {
        let errno: Int32
    }

    /// Resolves `host:port` and tries each address in turn: a stream socket of its family, then `use`, which
    /// answers whether the socket is ready (bound and listening, connected). The first that is wins; the others'
    /// sockets are closed.
    /// - Returns: the socket, or the `errno` of the last failure.
    /// - Throws: when the name does not resolve.
    private static func firstUsable(
        host: String, port: Int, flags: Int32, _ use: (Int32, addrinfo) -> Bool
    ) throws(PushFakeError) -> Result<Socket, Unusable> {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = SocketSystem.streamType
        hints.ai_flags = flags
        var list: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, String(port), &hints, &list) == 0, let first = list else {
            throw PushFakeError.cannotResolve(host: host)
        }
        defer { freeaddrinfo(list) }
        var lastErrno: Int32 = 0
        var candidate: UnsafeMutablePointer<addrinfo>? = first
        while let info = candidate {
            candidate = info.pointee.ai_next
            let fd = socket(info.pointee.ai_family, info.pointee.ai_socktype, info.pointee.ai_protocol)
            guard fd >= 0 else {
                lastErrno = SocketSystem.lastError
                continue
            }
            if use(fd, info.pointee) { return .success(Socket(fd: fd)) }
            lastErrno = SocketSystem.lastError
            _ = CSocket.close(fd)
        }
        return .failure(Unusable(errno: lastErrno))
    }

    /// The port the socket is bound to (after binding port 0, the one the kernel chose).
    func localPort() -> Int {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let result = withUnsafeMutablePointer(to: &storage) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        guard result == 0 else { return 0 }
        let family = Int32(storage.ss_family)
        return withUnsafePointer(to: storage) { pointer in
            if family == AF_INET6 {
                return pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) {
                    Int(UInt16(bigEndian: $0.pointee.sin6_port))
                }
            }
            return pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) {
                Int(UInt16(bigEndian: $0.pointee.sin_port))
            }
        }
    }

    /// What one `accept()` on the non-blocking listener gave.
    enum Accepted {
        /// A new connection, in blocking mode with `TCP_NODELAY` set.
        case connection(Socket)
        /// No connection is waiting.
        case none
        /// The process or system is out of descriptors: back off and retry.
        case outOfDescriptors
        /// The listener failed; stop accepting.
        case failed(errno: Int32)
    }

    /// Accepts one waiting connection without blocking.
    func accept() -> Accepted {
        while true {
            let client = CSocket.accept(fd)
            if client >= 0 {
                // Accepted sockets inherit O_NONBLOCK from the listener on BSD (not on Linux): say what we want.
                let socket = Socket(fd: client)
                socket.setNonBlocking(false)
                _ = fcntl(client, F_SETFD, FD_CLOEXEC)
                SocketSystem.configureAccepted(client)
                var one: Int32 = 1
                // One send per response plus TCP_NODELAY avoids the 40 ms delayed-ACK stall (PlatformNotes.md).
                _ = setsockopt(client, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
                return .connection(socket)
            }
            let error = SocketSystem.lastError
            switch error {
            case EINTR, ECONNABORTED: continue
            case EAGAIN, EWOULDBLOCK: return .none
            case EMFILE, ENFILE, ENOBUFS, ENOMEM: return .outOfDescriptors
            default: return .failed(errno: error)
            }
        }
    }

    /// Switches `O_NONBLOCK` on or off.
    func setNonBlocking(_ on: Bool) {
        let flags = fcntl(fd, F_GETFL, 0)
        guard flags >= 0 else { return }
        _ = fcntl(fd, F_SETFL, on ? flags | O_NONBLOCK : flags & ~O_NONBLOCK)
    }

    /// Waits until the socket is readable, closed, `wake` is signalled, or `milliseconds` pass (-1: no limit).
    func waitReadable(milliseconds: Int32, wake: WakePipe? = nil) -> Readiness {
        var descriptors = [
            pollfd(fd: fd, events: Int16(POLLIN), revents: 0),
            pollfd(fd: wake?.readFD ?? -1, events: Int16(POLLIN), revents: 0),
        ]
        while true {
            // A negative fd is ignored by poll(), so one call serves with and without a wake pipe.
            let result = poll(&descriptors, nfds_t(descriptors.count), milliseconds)
            if result > 0 {
                if descriptors[1].revents != 0 { return .closed }
                return descriptors[0].revents & Int16(POLLIN) != 0 ? .readable : .closed
            }
            if result == 0 { return .timedOut }
            if SocketSystem.lastError != EINTR { return .closed }
        }
    }

    /// Reads what is available; 0 means the peer closed, negative an error.
    func receive(into buffer: UnsafeMutableRawBufferPointer) -> Int {
        while true {
            let count = recv(fd, buffer.baseAddress, buffer.count, 0)
            if count < 0, SocketSystem.lastError == EINTR { continue }
            return count
        }
    }

    /// Writes every byte; `false` when the peer went away.
    func sendAll(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { sendAll($0) == $0.count }
    }

    /// Wakes a thread blocked reading or writing this *connected* socket, on Linux and Darwin alike. (For a
    /// listening socket it works only on Linux: the accept loop uses a ``WakePipe`` instead.)
    func shutdown() {
        _ = CSocket.shutdown(fd, SocketSystem.shutdownBoth)
    }

    /// Ends the sending side: the peer reads what was sent, then the end of the stream; reading goes on.
    func shutdownWrite() {
        _ = CSocket.shutdown(fd, SocketSystem.shutdownWrite)
    }

    func close() {
        _ = CSocket.close(fd)
    }
}

/// The C socket calls that `Socket`'s own methods shadow (`listen`, `accept`, `connect`, `shutdown`, `close`), under
/// names of their own: at file scope the plain names still mean the C functions, on Glibc and Darwin alike.
enum CSocket {
    static func listen(_ fd: Int32, _ backlog: Int32) -> Int32 { systemListen(fd, backlog) }
    static func accept(_ fd: Int32) -> Int32 { systemAccept(fd) }
    static func connect(_ fd: Int32, _ address: UnsafePointer<sockaddr>?, _ length: socklen_t) -> Int32 {
        systemConnect(fd, address, length)
    }
    static func shutdown(_ fd: Int32, _ how: Int32) -> Int32 { systemShutdown(fd, how) }
    static func close(_ fd: Int32) -> Int32 { systemClose(fd) }
}

private func systemListen(_ fd: Int32, _ backlog: Int32) -> Int32 { listen(fd, backlog) }
private func systemAccept(_ fd: Int32) -> Int32 { accept(fd, nil, nil) }
private func systemConnect(_ fd: Int32, _ address: UnsafePointer<sockaddr>?, _ length: socklen_t) -> Int32 {
    connect(fd, address, length)
}
private func systemShutdown(_ fd: Int32, _ how: Int32) -> Int32 { shutdown(fd, how) }
private func systemClose(_ fd: Int32) -> Int32 { close(fd) }

#if canImport(Darwin)
    import Darwin

    extension LoopbackSocket {
        static let streamType = SOCK_STREAM
        static let sendFlags: Int32 = 0

        /// Darwin has no `MSG_NOSIGNAL`: the socket itself is told not to raise SIGPIPE.
        static func suppressSIGPIPE(_ fd: Int32) {
            var one: Int32 = 1
            _ = setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
        }
    }
#endif

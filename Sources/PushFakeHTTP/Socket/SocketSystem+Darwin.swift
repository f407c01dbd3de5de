#if canImport(Darwin)
    import Darwin

    /// The Darwin spellings of the few socket details that differ from Linux (PlatformNotes.md).
    /// Reviewed, not compiled here: keep it small.
    enum SocketSystem {
        static let streamType = SOCK_STREAM
        /// Darwin has no `MSG_NOSIGNAL`; `SO_NOSIGPIPE` is set on each socket instead.
        static let sendFlags: Int32 = 0
        static let shutdownBoth = SHUT_RDWR
        static let shutdownWrite = SHUT_WR

        static func configureAccepted(_ fd: Int32) {
            var one: Int32 = 1
            _ = setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
        }

        static func ignoreSIGPIPE() {
            signal(SIGPIPE, SIG_IGN)
        }

        static var lastError: Int32 { errno }
    }
#endif

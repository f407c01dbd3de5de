#if canImport(Glibc)
    import Glibc

    /// The Linux spellings of the few socket details that differ from Darwin (PlatformNotes.md).
    enum SocketSystem {
        /// Glibc imports `SOCK_STREAM` as an enum.
        static let streamType = Int32(SOCK_STREAM.rawValue)
        /// A client hanging up mid-response must not kill the process with SIGPIPE.
        static let sendFlags = Int32(MSG_NOSIGNAL)
        static let shutdownBoth = Int32(SHUT_RDWR)
        static let shutdownWrite = Int32(SHUT_WR)

        /// Nothing to do per socket on Linux: `MSG_NOSIGNAL` covers each send.
        static func configureAccepted(_ fd: Int32) {}

        static func ignoreSIGPIPE() {
            signal(SIGPIPE, SIG_IGN)
        }

        static var lastError: Int32 { errno }
    }
#endif

#if canImport(Glibc)
    import Glibc

    extension LoopbackSocket {
        static let streamType = Int32(SOCK_STREAM.rawValue)
        /// Linux has no per-socket SIGPIPE switch: every send says `MSG_NOSIGNAL`.
        static let sendFlags = Int32(MSG_NOSIGNAL)

        static func suppressSIGPIPE(_ fd: Int32) {}
    }
#endif

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The process's open-file limit, and the spare descriptor that keeps `accept` working when it is reached.
enum DescriptorBudget {
    /// The soft `RLIMIT_NOFILE` (what `ulimit -n` shows); `Int.max` when unlimited, 256 when it cannot be read.
    static var softLimit: Int {
        var limit = rlimit()
        #if canImport(Glibc)
            let read = getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit) == 0
        #else
            let read = getrlimit(RLIMIT_NOFILE, &limit) == 0
        #endif
        guard read else { return 256 }
        return limit.rlim_cur >= rlim_t(Int.max) ? Int.max : Int(limit.rlim_cur)
    }

    /// Opens a descriptor to hold in reserve (`/dev/null`, close-on-exec); -1 when none is left.
    static func openReserve() -> Int32 {
        open("/dev/null", O_RDONLY | O_CLOEXEC)
    }
}

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The process's open-file limit, for tests that open hundreds of sockets: macOS starts processes with a soft limit
/// of 256, Linux usually with 1024 or more.
enum DescriptorLimit {
    /// Raises the soft limit to at least `needed` when the hard limit allows; returns the soft limit now in force.
    @discardableResult
    static func raise(toAtLeast needed: Int) -> Int {
        var limit = rlimit()
        guard get(&limit) else { return 0 }
        let wanted = rlim_t(needed)
        if limit.rlim_cur < wanted {
            var raised = limit
            raised.rlim_cur = min(wanted, limit.rlim_max)
            if set(&raised) { limit = raised }
        }
        return limit.rlim_cur > rlim_t(Int.max) ? Int.max : Int(limit.rlim_cur)
    }

    #if canImport(Glibc)
        private static func get(_ limit: inout rlimit) -> Bool {
            getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit) == 0
        }
        private static func set(_ limit: inout rlimit) -> Bool {
            setrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit) == 0
        }
    #else
        private static func get(_ limit: inout rlimit) -> Bool { getrlimit(RLIMIT_NOFILE, &limit) == 0 }
        private static func set(_ limit: inout rlimit) -> Bool { setrlimit(RLIMIT_NOFILE, &limit) == 0 }
    #endif
}

import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// How much memory this process holds, for the benchmarks' memory targets (Performance.md).
enum ResidentMemory {
    /// Current resident set size in bytes: `/proc/self/statm` on Linux, `task_info` on Darwin; 0 when unknown.
    static func currentBytes() -> Int {
        #if os(Linux)
            guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
            // statm: size resident shared … in pages.
            let fields = text.split(separator: " ")
            guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
            return pages.multipliedReportingOverflow(by: Int(sysconf(Int32(_SC_PAGESIZE)))).partialValue
        #elseif canImport(Darwin)
            return darwinResidentBytes()
        #else
            return 0
        #endif
    }

    /// The peak resident set size in bytes, from `getrusage`: `ru_maxrss` is in KiB on Linux and in bytes on Darwin.
    static func peakBytes() -> Int {
        var usage = rusage()
        #if canImport(Darwin)
            guard getrusage(RUSAGE_SELF, &usage) == 0 else { return 0 }
            return Int(usage.ru_maxrss)
        #else
            // Glibc imports RUSAGE_SELF as an enum case.
            guard getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage) == 0 else { return 0 }
            return Int(usage.ru_maxrss).multipliedReportingOverflow(by: 1024).partialValue
        #endif
    }

    /// Current resident size in whole MiB.
    static func currentMegabytes() -> Int { currentBytes() / 1_048_576 }
}

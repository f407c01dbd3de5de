/// Converts seconds from configuration or a fault (any `Double`, even NaN) to nanoseconds without trapping.
enum Nanoseconds {
    /// 0 for anything not positive; at most about 31 years.
    static func from(seconds: Double) -> UInt64 {
        guard seconds > 0 else { return 0 }
        guard seconds < 1e9 else { return 1_000_000_000 * 1_000_000_000 }
        return UInt64(seconds * 1e9)
    }

    /// `now + seconds` saturating at `UInt64.max`, or `nil` when `seconds` is not positive.
    static func deadline(after seconds: Double, from now: UInt64) -> UInt64? {
        let interval = from(seconds: seconds)
        guard interval > 0 else { return nil }
        return adding(interval, to: now)
    }

    /// `base + interval`, saturating.
    static func adding(_ interval: UInt64, to base: UInt64) -> UInt64 {
        let (sum, overflow) = base.addingReportingOverflow(interval)
        return overflow ? UInt64.max : sum
    }
}

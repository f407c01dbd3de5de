/// Text the benchmarks build inside their timed loops, without Foundation's `String(format:)`: at about 3 µs a call
/// it was a seventh of what `devices` reported per register.
enum BenchText {
    /// `value` in decimal, zero-padded on the left to `width` digits: `String(format: "%0<width>d", value)` for
    /// values that are not negative.
    static func zeroPadded(_ value: Int, width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.utf8.count)) + digits
    }
}

/// A live answer that came slower than the recorded one by more than the tolerance.
public struct LatencyDrift: Sendable, Equatable {
    /// Seconds the recorded answer took (0 when the recording does not say).
    public let recorded: Double
    /// Seconds the live answer took.
    public let live: Double
    /// The allowed extra seconds.
    public let tolerance: Double

    /// `latency: recorded 0 ms, live 812 ms (tolerance 500 ms)`.
    public var line: String {
        "latency: recorded \(Milliseconds.text(recorded)), live \(Milliseconds.text(live)) "
            + "(tolerance \(Milliseconds.text(tolerance)))"
    }
}

/// Seconds as milliseconds for people: `812 ms`, `1.9 ms`.
enum Milliseconds {
    static func text(_ seconds: Double) -> String {
        let milliseconds = seconds * 1000
        if milliseconds >= 100 || milliseconds == milliseconds.rounded() { return "\(Int(milliseconds.rounded())) ms" }
        return "\((milliseconds * 10).rounded() / 10) ms"
    }
}

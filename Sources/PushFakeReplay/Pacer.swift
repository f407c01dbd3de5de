/// Hands out evenly spaced send times to every session of a replay: `--rate N` sends at most N requests a second
/// over all of them. A late request does not make the next ones burst: each slot is at least one interval after the
/// previous one and not before now.
actor Pacer {
    private let interval: Duration
    private var next: ContinuousClock.Instant?

    /// `rate` comes range-checked from `--rate` (0.001…1,000,000), not from the Swift API: a rate that is not a
    /// positive number sends unpaced, and a tiny one waits at most a day between requests, where `Int64(_:)` of an
    /// infinite or huge interval would trap.
    init(rate: Double) {
        let nanoseconds = rate > 0 ? min(1e9 / rate, 86_400e9) : 0
        interval = .nanoseconds(Int64(nanoseconds.rounded()))
    }

    /// Waits until this request's slot.
    func waitForSlot() async {
        let now = ContinuousClock.now
        let slot = max(next ?? now, now)
        next = slot + interval
        if slot > now { try? await Task.sleep(until: slot, clock: .continuous) }
    }
}

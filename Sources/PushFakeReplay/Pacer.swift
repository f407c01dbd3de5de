/// Hands out evenly spaced send times to every session of a replay: `--rate N` sends at most N requests a second
/// over all of them. A late request does not make the next ones burst: each slot is at least one interval after the
/// previous one and not before now.
actor Pacer {
    private let interval: Duration
    private var next: ContinuousClock.Instant?

    init(rate: Double) {
        interval = .nanoseconds(Int64((1e9 / rate).rounded()))
    }

    /// Waits until this request's slot.
    func waitForSlot() async {
        let now = ContinuousClock.now
        let slot = max(next ?? now, now)
        next = slot + interval
        if slot > now { try? await Task.sleep(until: slot, clock: .continuous) }
    }
}

/// How a request went to the real service: what a server in front of an upstream (`pushfake serve --upstream-tpns`,
/// `--upstream-twinpush`) journals with the upstream's answer (RecordingFormat.md, "Proxied entries").
public struct ProxiedExchange: Sendable, Equatable {
    /// What the server does with a forwarded request besides answering the upstream's answer.
    public enum Mode: String, Sendable, Equatable, CaseIterable {
        /// Forward only: the local store is left alone.
        case proxy
        /// Forward, and apply the request to the local store as well, so that a later run without the upstream
        /// knows the same devices and notifications.
        case learn
    }

    /// Forward only, or forward and apply locally.
    public let mode: Mode
    /// The upstream's vendor base URL the request went to, e.g. `https://tpns.example.com/TPNS`.
    public let upstream: String
    /// Seconds from sending the request upstream to the end of its answer (or to the failure).
    public let latency: Double
    /// Why no answer came (DNS, TLS, connection refused, timeout); `nil` when the upstream answered. The client then
    /// got a 502 or 504 in the vendor's error shape.
    public let failure: String?

    /// Creates the proxy facts of one journal entry.
    public init(mode: Mode, upstream: String, latency: Double, failure: String? = nil) {
        self.mode = mode
        self.upstream = upstream
        self.latency = latency.isFinite ? max(0, latency) : 0
        self.failure = failure
    }

    /// The latency in whole milliseconds, rounded, as recordings write it.
    public var latencyMilliseconds: Int {
        let milliseconds = (latency * 1000).rounded()
        return milliseconds < 1e12 ? Int(exactly: milliseconds) ?? 0 : 1_000_000_000_000
    }
}

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

    /// `{"mode":"learn","upstream":"https://…","latencyMs":12,"failure":null}`: the `proxied` member of a journal line.
    public var jsonValue: JSON {
        [
            "mode": .string(mode.rawValue), "upstream": .string(upstream), "latencyMs": .int(latencyMilliseconds),
            "failure": failure.map(JSON.string) ?? .null,
        ]
    }

    /// Reads ``jsonValue`` back; the latency to the millisecond.
    /// - Throws: ``JSONFieldError`` naming the member under `path`.
    public init(json: JSON, path: String = "proxied") throws(JSONFieldError) {
        let fields = try JSONFields(json, path: path, allowed: ["mode", "upstream", "latencyMs", "failure"])
        let modeName = try fields.requiredString("mode")
        guard let mode = Mode(rawValue: modeName) else {
            throw fields.failure("mode", "must be proxy or learn, not \"\(modeName)\"")
        }
        let milliseconds = try fields.int("latencyMs", in: 0...1_000_000_000_000) ?? 0
        self.init(
            mode: mode, upstream: try fields.requiredString("upstream"), latency: Double(milliseconds) / 1000,
            failure: try fields.string("failure", nonEmpty: false))
    }
}

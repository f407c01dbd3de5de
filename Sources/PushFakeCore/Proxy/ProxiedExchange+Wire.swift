extension ProxiedExchange: WireType {
    /// `{"mode":"learn","upstream":"https://…","latencyMs":12,"failure":null}` (component `ProxiedExchange`): the
    /// `proxied` member of a journal line (RecordingFormat.md, "Proxied entries"), the latency in whole
    /// milliseconds.
    public static let wire = WireDescription<ProxiedExchange>(name: "ProxiedExchange", form: ProxiedExchangeForm.self)

    /// Reads ``jsonValue`` back; the latency to the millisecond.
    /// - Throws: ``JSONFieldError`` naming the member under `path`.
    public init(json: JSON, path: String = "proxied") throws(JSONFieldError) {
        self = try Self.wire.read(json, path: path)
    }
}

/// The members of a ``ProxiedExchange``.
struct ProxiedExchangeForm: WireForm {
    var mode = ProxiedExchange.Mode.proxy
    var upstream = ""
    var latencyMs = 0
    var failure: String?

    init() {}

    /// The form of `exchange`, the latency in whole milliseconds.
    init(_ exchange: ProxiedExchange) {
        mode = exchange.mode
        upstream = exchange.upstream
        latencyMs = exchange.latencyMilliseconds
        failure = exchange.failure
    }

    /// The exchange; every combination of members is one.
    func value(path: String) -> ProxiedExchange {
        ProxiedExchange(mode: mode, upstream: upstream, latency: Double(latencyMs) / 1000, failure: failure)
    }

    static let wire = WireDescription<ProxiedExchangeForm>(
        ProxiedExchangeForm(),
        fields: [
            .required("mode", \.mode, .choice, "proxy: forward only; learn: forward and apply locally."),
            .required("upstream", \.upstream, .text, "The upstream's vendor base URL the request went to."),
            .defaulted(
                "latencyMs", \.latencyMs, .int(in: 0...1_000_000_000_000),
                "Milliseconds from sending upstream to the end of its answer (or to the failure)."),
            .optional(
                "failure", \.failure, .string, writesNull: true, "Why no answer came; null when the upstream answered."),
        ], answer: true)
}

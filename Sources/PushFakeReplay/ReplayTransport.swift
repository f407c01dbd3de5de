import PushFakeCore

/// One request as replay sends it: secrets and ids already substituted.
struct ReplayRequest: Sendable {
    /// The full URL, percent-encoded.
    var url: String
    var method: String
    var headers: [(name: String, value: String)]
    var body: [UInt8]
}

/// What came back for one request.
struct LiveAnswer: Sendable {
    /// The status; 0 when no answer arrived.
    var status: Int
    var headers: HTTPHeaders
    var body: [UInt8]
    /// Why no answer arrived (connection lost, timed out, …); `nil` when one did.
    var failure: String?
    /// Seconds from sending to the end of the body.
    var latency: Double
    /// The limit that ended the exchange, when one did.
    var limit: ReplayLimit? = nil
}

/// A limit that ends a replayed exchange before its answer is complete (``ReplayOptions``).
public enum ReplayLimit: String, Sendable, Equatable {
    /// ``ReplayOptions/timeout``: the whole exchange took longer (`--timeout`).
    case timeout
    /// ``ReplayOptions/maximumResponseBytes``: the answer was larger (`--max-response-bytes`).
    case maximumResponseBytes

    /// The command-line option that sets it.
    public var option: String { self == .timeout ? "--timeout" : "--max-response-bytes" }
}

/// Sends replayed requests; ``URLSessionTransport`` over the network.
protocol ReplayTransport: Sendable {
    /// Sends one request. Answers that fail after connecting come back with status 0 and a ``LiveAnswer/failure``.
    ///
    /// - Throws: ``ReplayError/unreachable(url:reason:)`` when no connection could be made.
    func send(_ request: ReplayRequest) async throws(ReplayError) -> LiveAnswer
}

import Foundation

/// How ``Replay/run(_:options:)`` replays a recording and what it counts as drift (RecordingFormat.md, "Replay").
public struct ReplayOptions: Sendable {
    /// Where to send: `http(s)://host[:port]` with an optional path prefix (an instance's `/i/<id>`); recorded paths
    /// are appended to it.
    public var baseURL: String
    /// Fields of the compared answer to leave out, as dotted paths with `[n]`, `[*]` and `*`: `status`,
    /// `headers.content-type`, `json.objects[*].created_at` (a leading `response.` is accepted and dropped).
    public var ignoredFields: [String]
    /// Values for `${secret:NAME}` placeholders, by name; these win over the environment.
    public var secrets: [String: String]
    /// Where secrets not in ``secrets`` are looked up, as `PUSHFAKE_SECRET_<NAME>`.
    public var environment: [String: String]
    /// Requests per second over all sessions, paced evenly; `nil` sends as fast as answers come.
    public var rate: Double?
    /// How many copies of the recording run at once, each an independent session with its own id substitutions.
    public var concurrency: Int
    /// How much slower than recorded (seconds) a live answer may be before it counts as different.
    public var latencyTolerance: Double
    /// Seconds one exchange may take, from sending the request to the last byte of the answer, before it counts as
    /// no answer: a deadline, not an idle timeout, so a server that trickles bytes or sends without end is cut off.
    public var timeout: Double
    /// The most bytes an answer's body may have; a larger one is cut off as soon as it passes this (or announces
    /// more in `Content-Length`) and counts as no answer. 16 MiB by default.
    public var maximumResponseBytes: Int
    /// Response headers compared (case-insensitive); `Date`, `Server`, `Content-Length` and every other header
    /// are not.
    public var comparedHeaders: [String]

    /// The response headers compared by default: the ones clients act on.
    public static let defaultComparedHeaders = ["Content-Type", "Location", "Allow", "Retry-After", "WWW-Authenticate"]

    /// The response-size cap by default: far above any vendor's answer, far below what hurts.
    public static let defaultMaximumResponseBytes = 16 << 20
    /// The range `--max-response-bytes` accepts.
    public static let maximumResponseBytesRange: ClosedRange<Int> = 1_024...(1 << 30)

    /// Creates options; by default one session, no pacing, a one-second latency tolerance, a 30 s deadline per
    /// exchange and answers of at most 16 MiB, with secrets read from the process environment.
    public init(
        baseURL: String, ignoredFields: [String] = [], secrets: [String: String] = [:],
        environment: [String: String] = ProcessInfo.processInfo.environment, rate: Double? = nil,
        concurrency: Int = 1, latencyTolerance: Double = 1, timeout: Double = 30,
        maximumResponseBytes: Int = ReplayOptions.defaultMaximumResponseBytes,
        comparedHeaders: [String] = ReplayOptions.defaultComparedHeaders
    ) {
        self.baseURL = baseURL
        self.ignoredFields = ignoredFields
        self.secrets = secrets
        self.environment = environment
        self.rate = rate
        self.concurrency = concurrency
        self.latencyTolerance = latencyTolerance
        self.timeout = timeout
        self.maximumResponseBytes = maximumResponseBytes
        self.comparedHeaders = comparedHeaders
    }

    /// `3 s`, `0.5 s`.
    static func seconds(_ value: Double) -> String {
        value == value.rounded() && value < 1e9 ? "\(Int(exactly: value) ?? 0) s" : "\(value) s"
    }
}

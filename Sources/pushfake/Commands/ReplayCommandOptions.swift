import Foundation
import PushFakeCore
import PushFakeReplay

/// `pushfake replay`'s options and its recording argument.
struct ReplayCommandOptions: ParsableOptions {
    var file = ""
    var url: String?
    var ignore: [String] = []
    var secrets: [NameValue] = []
    var rate: Double?
    var concurrency = 1
    var latencyTolerance: Double?
    var timeout: Double?
    var maxResponseBytes: Int?
    var json = false

    static var arguments: [Argument<Self>] {
        [.required("file", \.file, .file, "The recording: a JSON Lines file or a HAR 1.2 file")]
    }

    static var options: [Option<Self>] {
        [
            .value(
                "--url", \.url, "url", .text, "Where to send: http(s)://host[:port][/prefix] (default: $PUSHFAKE_URL)"),
            .value(
                "--ignore", \.ignore, "path", .text,
                "Leave this answer field out of the comparison, e.g. json.objects[*].created_at"),
            .value("--secret", \.secrets, "name=value", .secret, "The value of the placeholder ${secret:name}"),
            .value(
                "--rate", \.rate, "n", .number(in: 0.001...1_000_000),
                "Send at most n requests per second over all sessions"),
            .value(
                "--concurrency", \.concurrency, "n", .integer(in: 1...1_000),
                "Replay the recording n times at once, as independent sessions (default 1)"),
            .value(
                "--latency-tolerance", \.latencyTolerance, "ms", .number(in: 0...3_600_000),
                "How much slower than recorded an answer may be before it counts as different (default 1000)"),
            .value(
                "--timeout", \.timeout, "seconds", .number(in: 0.001...86_400),
                "Deadline for each exchange, from sending to the answer's last byte (0.001...86400, default 30)"),
            .value(
                "--max-response-bytes", \.maxResponseBytes, "n", .integer(in: ReplayOptions.maximumResponseBytesRange),
                "Cut off an answer larger than n bytes (1024...1073741824, default 16777216)"),
            .flag("--json", \.json, "Print the report as one JSON object"),
        ]
    }

    /// The replay's settings; the URL (from --url or $PUSHFAKE_URL) is checked here, as a usage error.
    func replayOptions(_ context: CommandContext<Self>) throws(CommandExit) -> ReplayOptions {
        guard let url = url ?? ProcessInfo.processInfo.environment["PUSHFAKE_URL"] else {
            throw context.usage("no server URL: pass --url or set PUSHFAKE_URL")
        }
        guard let components = URLComponents(string: url), ["http", "https"].contains(components.scheme ?? ""),
            components.host?.isEmpty == false, components.query == nil, components.fragment == nil
        else {
            throw context.usage("--url must be an http:// or https:// URL without query or fragment, not \(url)")
        }
        var secrets: [String: String] = [:]
        for secret in self.secrets { secrets[secret.name] = secret.value }
        var options = ReplayOptions(baseURL: url, ignoredFields: ignore, secrets: secrets)
        options.rate = rate
        options.concurrency = concurrency
        if let milliseconds = latencyTolerance { options.latencyTolerance = milliseconds / 1000 }
        options.timeout = timeout ?? options.timeout
        options.maximumResponseBytes = maxResponseBytes ?? options.maximumResponseBytes
        return options
    }
}

extension ValueRule where Value == NameValue {
    /// `name=value` for `${secret:name}`: the name of a-z, 0-9 and -.
    static var secret: ValueRule {
        .custom { text throws(OptionError) in
            guard let pair = NameValue(splitting: text), SecretPlaceholder.isValidName(Substring(pair.name)) else {
                throw .takes("<name>=<value>, the name of a-z, 0-9 and -", not: text)
            }
            return pair
        }
    }
}

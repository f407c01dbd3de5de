import Foundation
import PushFakeCore
import PushFakeHTTP
import PushFakeUpstream

/// The options of `pushfake serve`, parsed by hand (no dependencies).
struct ServeOptions {
    var host = "127.0.0.1"
    var port = 0
    var seed: UInt64 = 0
    var clock = FakeClock.Mode.fixed
    var stateChecks = false
    var journalLimit: Int?
    var tpnsApps: [String] = []
    var twinPushApps: [TwinPushApp] = []
    var maxBodyBytes = 10 * 1_048_576
    /// `--max-state-bytes`: the body limit of `PUT /__pushfake/state`.
    var maxStateBytes = 32 * 1_048_576
    /// `--max-recording-bytes`: the body limit of `POST /__pushfake/recordings/compare`.
    var maxRecordingBytes = 32 * 1_048_576
    /// `--max-connections`; `nil`: the open-file limit less headroom (ServerConfiguration.defaultMaxConnections).
    var maxConnections: Int?
    /// `--max-instances`: the most instances alive at once (0 turns them off).
    var maxInstances = ServerConfiguration.defaultMaxInstances
    /// `--event-loops`; `nil`: one per core up to 4, or `PUSHFAKE_LOOPS` (ServerConfiguration.eventLoopCount).
    var eventLoops: Int?
    var quiet = false
    /// `text` (default) or `json`: one JSON object per request log line on stderr.
    var logFormat = "text"
    var adminAccess = AdminAccess()
    /// `--state` files, in the order given: loaded before the server listens.
    var stateFiles: [String] = []
    /// `--apns-dir`, `--simulator`, `--bundle-id`: iOS deliveries as `.apns` files and into the iOS Simulator.
    var simulatorDelivery: SimulatorDelivery?
    /// `--upstream-tpns`, `--upstream-twinpush`, `--upstream-mode`, `--upstream-timeout`,
    /// `--upstream-max-response-bytes`; `nil` without an upstream.
    var upstream: UpstreamSettings?
    /// `--redact-app-keys`: recording exports, the event stream and the request log replace TPNS application keys too.
    var redactAppKeys = false
    /// `--shutdown-grace`: seconds the answers in flight may take to finish after SIGTERM/SIGINT.
    var shutdownGrace: Double = 2
    /// The range `--shutdown-grace` accepts.
    static let shutdownGraceRange: ClosedRange<Double> = 0...3600

    static let spec = CommandSpec(
        path: ["serve"], summary: "Run the fake TPNS + TwinPush service.",
        discussion: """
            Runs until SIGINT or SIGTERM (exit 0): it then stops accepting, ends held waits and event streams with a \
            final answer, lets the answers in flight finish for up to --shutdown-grace seconds, and exits. The first \
            stdout line is one JSON object with the bound URLs; then one log line per request goes to stderr.
            """,
        options: [
            .value("--host", "address", "Address to bind (default 127.0.0.1; ::1 for IPv6, 0.0.0.0 for all)"),
            .value("--port", "port", "Port to bind (default 0: the kernel picks; read it from the first line)"),
            .value("--seed", "n", "Seed for ids and probabilistic faults (default 0)"),
            .value(
                "--clock", "mode",
                "fixed: starts 2026-01-01 00:00:00 UTC, moves only via the admin API (default); real: wall-clock time"),
            .flag("--state-checks", "Enforce the TPNS SDK state machine (-1000/-1001/-1002) server-side"),
            .value(
                "--journal-limit", "n",
                "Keep only the newest n journal entries (default: keep all, with a warning on stderr at start-up); "
                    + "also the most an instance may keep"),
            .value("--tpns-app", "key", "Declare a TPNS application key (makes TPNS strict)", repeatable: true),
            .value(
                "--twinpush-app", "id:api-token:creator-token", "Declare a TwinPush app (makes TwinPush strict)",
                repeatable: true),
            .value(
                "--max-body-bytes", "n",
                "Largest accepted request body (1...2147483647, default 10485760); state documents and recordings "
                    + "have their own limits"),
            .value(
                "--max-state-bytes", "n",
                "Largest state document PUT /__pushfake/state takes (1...2147483647, default 33554432)"),
            .value(
                "--max-recording-bytes", "n",
                "Largest recording POST /__pushfake/recordings/compare takes (1...2147483647, default 33554432)"),
            .value(
                "--max-connections", "n",
                "Serve at most n connections at once (1...1000000; default: the open-file limit, ulimit -n, less 64); "
                    + "then a new one replaces the oldest that never sent a byte, or gets 503"),
            .value(
                "--max-instances", "n",
                "Keep at most n instances (POST /__pushfake/instances) alive at once (0...100000, default 1000; "
                    + "0: none); one more gets 503"),
            .value(
                "--event-loops", "n",
                "Serve connections from n epoll loops (1...64; default: one per core up to 4, or PUSHFAKE_LOOPS); "
                    + "Linux only, ignored with PUSHFAKE_IO_MODEL=threads and elsewhere"),
            .flag("--quiet", short: "-q", "No per-request log lines on stderr"),
            .value("--log-format", "format", "text (default) or json: one JSON object per request log line"),
            .value(
                "--state", "file",
                "Start from this state document (StateFormat.md; see fixtures/states/); later files add to earlier ones",
                repeatable: true),
            .value(
                "--admin-token", "token",
                "Require Authorization: Bearer <token> on every admin request, from any client"),
            .flag(
                "--admin-open",
                "Answer admin requests from any client, not only loopback ones (a container on a private network)"),
            .value(
                "--allow-host", "name",
                "Accept this Host name for admin requests besides IP addresses and localhost (a compose service)",
                repeatable: true),
            .value(
                "--apns-dir", "dir",
                "Write each iOS delivery as an .apns file (payload + \"Simulator Target Bundle\") in dir; needs --bundle-id"
            ),
            .value(
                "--simulator", "booted|udid",
                "Push each iOS delivery into this iOS Simulator with xcrun simctl push (macOS); needs --bundle-id"),
            .value("--bundle-id", "id", "The app the .apns files and simulator pushes are for (com.example.app)"),
            .value(
                "--upstream-tpns", "url",
                "Forward TPNS requests to the real service at this base URL (http or https, e.g. https://host/TPNS)"),
            .value(
                "--upstream-twinpush", "url",
                "Forward TwinPush requests to the real service at this base URL (e.g. https://app.twinpush.com/api/v2)"),
            .value(
                "--upstream-mode", "mode",
                "proxy: forward only (default); learn: also apply each forwarded request to the local store"),
            .value(
                "--upstream-timeout", "seconds",
                "Answer 504 when the upstream takes longer than this (0.1...600, default 30)"),
            .value(
                "--upstream-max-response-bytes", "n",
                "Answer 502 when the upstream's answer is larger than n bytes (1024...1073741824, default 16777216)"),
            .flag(
                "--redact-app-keys",
                "Recording exports (journal jsonl, har), the event stream (tail) and the request log replace TPNS "
                    + "application keys by ${secret:tpns-app-key} too"),
            .value(
                "--shutdown-grace", "seconds",
                "On SIGTERM/SIGINT, let the answers in flight finish for up to this long (0...3600, default 2; 0 cuts)"),
        ],
        run: { arguments throws(CommandExit) in Serve.run(try ServeOptions(arguments)) })

    init(_ arguments: ParsedArguments) throws(CommandExit) {
        host = arguments.string("--host") ?? host
        port = try arguments.int("--port", in: 0...65_535) ?? port
        seed = try arguments.uint64("--seed") ?? seed
        if let mode = try arguments.choice("--clock", ["fixed", "real"]) {
            clock = FakeClock.Mode(rawValue: mode) ?? .fixed
        }
        stateChecks = arguments.has("--state-checks")
        journalLimit = try arguments.int("--journal-limit", in: 1...Int.max)
        tpnsApps = arguments.all("--tpns-app")
        for text in arguments.all("--twinpush-app") {
            let parts = text.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
            guard parts.count == 3, parts.allSatisfy({ !$0.isEmpty }) else {
                throw arguments.usage("--twinpush-app takes <id>:<api-token>:<creator-token>, not \(text)")
            }
            twinPushApps.append(TwinPushApp(id: parts[0], apiToken: parts[1], creatorToken: parts[2]))
        }
        maxBodyBytes = try arguments.int("--max-body-bytes", in: 1...Int(Int32.max)) ?? maxBodyBytes
        maxStateBytes = try arguments.int("--max-state-bytes", in: 1...Int(Int32.max)) ?? maxStateBytes
        maxRecordingBytes = try arguments.int("--max-recording-bytes", in: 1...Int(Int32.max)) ?? maxRecordingBytes
        maxConnections = try arguments.int("--max-connections", in: 1...1_000_000)
        maxInstances = try arguments.int("--max-instances", in: ServerConfiguration.maxInstancesRange) ?? maxInstances
        eventLoops = try arguments.int("--event-loops", in: ServerConfiguration.eventLoopCountRange)
        quiet = arguments.has("--quiet")
        logFormat = try arguments.choice("--log-format", ["text", "json"]) ?? logFormat
        if let token = arguments.string("--admin-token") {
            guard !token.isEmpty, token.allSatisfy({ $0.isASCII && !$0.isWhitespace && $0 != "," }) else {
                throw arguments.usage("--admin-token must be printable ASCII without spaces or commas")
            }
            adminAccess.token = token
        }
        adminAccess.open = arguments.has("--admin-open")
        stateFiles = arguments.all("--state")
        for name in arguments.all("--allow-host") {
            guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "." }) else {
                throw arguments.usage("--allow-host takes a host name (letters, digits, - and .), not \(name)")
            }
            adminAccess.allowedHosts.append(name)
        }
        simulatorDelivery = try Self.simulatorDelivery(arguments)
        upstream = try Self.upstream(arguments)
        redactAppKeys = arguments.has("--redact-app-keys")
        shutdownGrace = try arguments.double("--shutdown-grace", in: Self.shutdownGraceRange) ?? shutdownGrace
    }

    /// `--apns-dir DIR` and/or `--simulator booted|UDID`, each needing `--bundle-id`.
    private static func simulatorDelivery(_ arguments: ParsedArguments) throws(CommandExit) -> SimulatorDelivery? {
        let directory = arguments.string("--apns-dir")
        let simulator = arguments.string("--simulator")
        let bundleID = arguments.string("--bundle-id")
        guard directory != nil || simulator != nil else {
            if bundleID != nil { throw arguments.usage("--bundle-id is for --apns-dir or --simulator; give one") }
            return nil
        }
        guard let bundleID else { throw arguments.usage("--apns-dir and --simulator need --bundle-id") }
        guard SimulatorDelivery.isValidBundleID(bundleID) else {
            throw arguments.usage("--bundle-id takes letters, digits, - and . (com.example.app), not \(bundleID)")
        }
        if let simulator, !SimulatorDelivery.isValidSimulator(simulator) {
            throw arguments.usage("--simulator takes booted or a simulator's UDID, not \(simulator)")
        }
        if let directory, directory.isEmpty { throw arguments.usage("--apns-dir takes a directory, not an empty path") }
        return SimulatorDelivery(
            bundleID: bundleID, simulator: simulator,
            directory: directory.map { URL(fileURLWithPath: $0, isDirectory: true) })
    }

    /// The upstream settings, or `nil` when no upstream URL is given; the mode and timeout need one.
    private static func upstream(_ arguments: ParsedArguments) throws(CommandExit) -> UpstreamSettings? {
        var urls: [Vendor: URL] = [:]
        for (flag, vendor) in [("--upstream-tpns", Vendor.tpns), ("--upstream-twinpush", Vendor.twinPush)] {
            guard let text = arguments.string(flag) else { continue }
            switch UpstreamSettings.baseURL(text) {
            case .success(let url): urls[vendor] = url
            case .failure(let problem): throw arguments.usage("\(flag) \(problem): \(text)")
            }
        }
        let mode = try arguments.choice("--upstream-mode", ProxiedExchange.Mode.allCases.map(\.rawValue))
        let timeout = try arguments.double("--upstream-timeout", in: UpstreamSettings.timeoutRange)
        let maximumBytes = try arguments.int(
            "--upstream-max-response-bytes", in: UpstreamSettings.maximumResponseBytesRange)
        guard !urls.isEmpty else {
            for (flag, given) in [
                ("--upstream-mode", mode != nil), ("--upstream-timeout", timeout != nil),
                ("--upstream-max-response-bytes", maximumBytes != nil),
            ] where given {
                throw arguments.usage("\(flag) needs --upstream-tpns or --upstream-twinpush")
            }
            return nil
        }
        return UpstreamSettings(
            urls: urls, mode: mode.flatMap(ProxiedExchange.Mode.init(rawValue:)) ?? .proxy, timeout: timeout ?? 30,
            maximumResponseBytes: maximumBytes ?? UpstreamSettings.defaultMaximumResponseBytes)
    }

    var engineConfiguration: PushFakeConfiguration {
        var configuration = PushFakeConfiguration(
            seed: seed, clockMode: clock, stateChecks: stateChecks, journalLimit: journalLimit, tpnsApps: tpnsApps,
            twinPushApps: twinPushApps)
        configuration.simulatorDelivery = simulatorDelivery
        return configuration
    }
}

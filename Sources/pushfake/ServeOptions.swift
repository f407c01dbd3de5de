import Foundation
import PushFakeCore
import PushFakeHTTP
import PushFakeUpstream

/// The options of `pushfake serve`, each declared once with the property it fills.
struct ServeOptions: ParsableOptions {
    var host = "127.0.0.1"
    var port = 0
    var seed: UInt64 = 0
    var clock = FakeClock.Mode.fixed
    var stateChecks = false
    var journalLimit: Int?
    /// `--app vendor:…` (and its aliases `--tpns-app`, `--twinpush-app`).
    var apps = AppOptions()
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
    var logFormat = LogFormat.text
    /// `--admin-token`, `--admin-open`, `--allow-host`.
    var adminAccess = AdminAccess()
    /// `--state` files, in the order given: loaded before the server listens.
    var stateFiles: [String] = []
    /// `--apns-dir`, `--simulator`, `--bundle-id`: iOS deliveries as `.apns` files and into the iOS Simulator
    /// (``simulatorDelivery(_:)``).
    var apnsDirectory: String?
    var simulator: String?
    var bundleID: String?
    /// `--upstream vendor=URL` (and its aliases `--upstream-tpns`, `--upstream-twinpush`), `--upstream-mode`,
    /// `--upstream-timeout`, `--upstream-max-response-bytes` (``upstream(_:vendors:)``).
    var upstreams: [UpstreamArgument] = []
    var upstreamMode: ProxiedExchange.Mode?
    var upstreamTimeout: Double?
    var upstreamMaxResponseBytes: Int?
    /// `--redact-app-keys`: recording exports, the event stream and the request log replace TPNS application keys too.
    var redactAppKeys = false
    /// `--shutdown-grace`: seconds the answers in flight may take to finish after SIGTERM/SIGINT.
    var shutdownGrace: Double = 2
    /// The range `--shutdown-grace` accepts.
    static let shutdownGraceRange: ClosedRange<Double> = 0...3600

    /// How `serve` writes its log lines on stderr.
    enum LogFormat: String, Sendable, CaseIterable, SingleOptionValue {
        case text
        case json
    }

    static let spec = CommandSpec(
        path: ["serve"],
        summary: "Run the fake "
            + VendorRegistry.standard.vendors.compactMap(VendorRegistry.standard.displayName(of:)).joined(
                separator: " + ")
            + " service.",
        discussion: """
            Runs until SIGINT or SIGTERM (exit 0): it then stops accepting, ends held waits and event streams with a \
            final answer, lets the answers in flight finish for up to --shutdown-grace seconds, and exits. The first \
            stdout line is one JSON object with the bound URLs; then one log line per request goes to stderr.
            """,
        options: ServeOptions.self,
        run: { options, context throws(CommandExit) in
            var configuration = try options.engineConfiguration(context)
            configuration.simulatorDelivery = try options.simulatorDelivery(context)
            Serve.run(options, configuration: configuration, upstream: try options.upstream(context))
        })

    /// The engine's configuration, with the `--app` values read by their vendors among `vendors`.
    /// - Throws: a usage error naming `--app`, the value and the vendor.
    func engineConfiguration(
        _ context: CommandContext<Self>, vendors: VendorRegistry = .standard
    ) throws(CommandExit) -> PushFakeConfiguration {
        let appsJSON = try apps.json(context, vendors: vendors)
        var configuration: PushFakeConfiguration
        do throws(JSONFieldError) {
            configuration = try PushFakeConfiguration(json: ["apps": appsJSON], vendors: vendors)
        } catch {
            throw context.usage("--app: \(error.description)")
        }
        configuration.seed = seed
        configuration.clockMode = clock
        configuration.stateChecks = stateChecks
        configuration.journalLimit = journalLimit
        return configuration
    }

    /// `--apns-dir DIR` and/or `--simulator booted|UDID`, each needing `--bundle-id`.
    func simulatorDelivery(_ context: CommandContext<Self>) throws(CommandExit) -> SimulatorDelivery? {
        guard apnsDirectory != nil || simulator != nil else {
            if bundleID != nil { throw context.usage("--bundle-id is for --apns-dir or --simulator; give one") }
            return nil
        }
        guard let bundleID else { throw context.usage("--apns-dir and --simulator need --bundle-id") }
        return SimulatorDelivery(
            bundleID: bundleID, simulator: simulator,
            directory: apnsDirectory.map { URL(fileURLWithPath: $0, isDirectory: true) })
    }

    /// The upstream settings, or `nil` when no upstream URL is given; the mode and timeout need one. The vendor of
    /// each `--upstream` is one of `vendors`, named in any case, once.
    func upstream(
        _ context: CommandContext<Self>, vendors: VendorRegistry = .standard
    ) throws(CommandExit) -> UpstreamSettings? {
        guard !upstreams.isEmpty else {
            if let other = context.firstGiven([\.upstreamMode, \.upstreamTimeout, \.upstreamMaxResponseBytes]) {
                throw context.usage("\(other) needs --upstream vendor=url")
            }
            return nil
        }
        var upstreamURLs: [Vendor: URL] = [:]
        for upstream in upstreams {
            guard let vendor = vendors.vendor(named: upstream.vendor) else {
                let names = vendors.vendors.map { $0.rawValue.lowercased() }.joined(separator: ", ")
                throw context.usage(
                    "--upstream \(upstream.vendor)=…: \"\(upstream.vendor)\" is not a registered vendor; use \(names)")
            }
            guard upstreamURLs.updateValue(upstream.url, forKey: vendor) == nil else {
                throw context.usage("--upstream gives \(upstream.vendor) more than one URL")
            }
        }
        return UpstreamSettings(
            urls: upstreamURLs, mode: upstreamMode ?? .proxy, timeout: upstreamTimeout ?? 30,
            maximumResponseBytes: upstreamMaxResponseBytes ?? UpstreamSettings.defaultMaximumResponseBytes)
    }
}

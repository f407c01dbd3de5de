import Dispatch
import Foundation
import PushFakeCore
import PushFakeHTTP
import PushFakeUpstream

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `pushfake serve`: start, print the ready line, log requests, stop cleanly on SIGINT/SIGTERM.
enum Serve {
    static func run(
        _ options: ServeOptions, configuration engineConfiguration: PushFakeConfiguration, upstream: UpstreamSettings?
    ) -> Never {
        let log: (@Sendable (RequestLogLine) -> Void)? =
            options.quiet ? nil : options.logFormat == .json ? writeJSONLog : writeLog
        var configuration = ServerConfiguration(
            host: options.host, port: options.port, maxBodyBytes: options.maxBodyBytes, log: log)
        configuration.maxStateBytes = options.maxStateBytes
        configuration.maxRecordingBytes = options.maxRecordingBytes
        configuration.adminAccess = options.adminAccess
        configuration.maxConnections = options.maxConnections
        configuration.maxInstances = options.maxInstances
        if let loops = options.eventLoops { configuration.eventLoopCount = loops }
        configuration.recordingRedaction.redactsAppKeys = options.redactAppKeys
        configuration.shutdownGrace = options.shutdownGrace
        if let upstream { configuration.upstream = UpstreamProxy(upstream) }
        let fake = PushFake(engineConfiguration)
        if let problem = loadStateFiles(options.stateFiles, into: fake) {
            StandardStreams.error("pushfake: \(LogText.escaped(problem))\n")
            exit(ExitCode.dataError.rawValue)
        }
        let server = PushFakeServer(fake: fake, configuration: configuration)
        // Block SIGINT/SIGTERM before any thread exists, so one that arrives right after the ready line stays
        // pending until the waiting thread takes it (a dispatch source installs its handler asynchronously and
        // can miss it).
        var signals = shutdownSignals()
        pthread_sigmask(SIG_BLOCK, &signals, nil)
        do {
            try server.start()
        } catch {
            StandardStreams.error("pushfake: \(LogText.escaped(String(describing: error)))\n")
            exit(error == PushFakeError.addressInUse(port: options.port) ? 69 : 70)
        }
        StandardStreams.output(readyLine(server).serializedString() + "\n")
        if let warning = adminWarning(options) { say(warning, event: "warning", options) }
        if let warning = journalWarning(options) { say(warning, event: "warning", options) }
        if engineConfiguration.simulatorDelivery != nil {
            // Also printed with --quiet: a push that did not reach the simulator is worth a line.
            fake.onDeliveryNote { delivery, note in
                say("delivery \(delivery.id) to device \(delivery.deviceID): \(note)", event: "note", options)
            }
        }
        if let upstream { say(upstreamLine(upstream, vendors: fake.vendors), event: "upstream", options) }
        let waiter = Thread {
            var signals = shutdownSignals()
            var received: Int32 = 0
            sigwait(&signals, &received)
            server.stop()
            // A simulator push in flight ends with a note, and its log line, before the process exits.
            server.fake.waitForSimulatorDelivery(seconds: options.shutdownGrace)
            let name = received == SIGINT ? "SIGINT" : received == SIGHUP ? "SIGHUP" : "SIGTERM"
            let served = server.fake.journal.totalCount
            say("stopped on \(name) after \(served) request(s)", event: "stopped", options)
            exit(0)
        }
        waiter.name = "pushfake-signals"
        waiter.start()
        while true { sleep(3600) }
    }

    /// Loads the `--state` files in order, all or nothing; the problem names the file, the JSON path and what was
    /// expected (exit 65 before listening).
    static func loadStateFiles(_ files: [String], into fake: PushFake) -> String? {
        guard !files.isEmpty else { return nil }
        var documents: [JSON] = []
        for file in files {
            guard let data = FileManager.default.contents(atPath: file) else {
                return "cannot read the state file \(file)"
            }
            do throws(JSONSyntaxError) {
                documents.append(try JSON.parse(Array(data)))
            } catch {
                return "\(file): not JSON: \(error.message)"
            }
        }
        do throws(StateError) {
            try fake.loadState(documents: documents)
            return nil
        } catch {
            let file = error.document.map { files[min($0, files.count - 1)] } ?? files[0]
            let location = error.path.isEmpty ? "" : "\(error.path): "
            return "\(file): \(location)\(error.problem); nothing was loaded"
        }
    }

    /// Bound to a non-loopback address with the admin API still loopback-only: say how to open it, once.
    static func adminWarning(_ options: ServeOptions) -> String? {
        let loopbackOnly = ["127.0.0.1", "::1", "localhost"].contains(options.host) || options.host.hasPrefix("127.")
        guard !loopbackOnly, options.adminAccess.token == nil, !options.adminAccess.open else { return nil }
        return "listening on \(options.host), but the admin API (/__pushfake) answers loopback clients only; "
            + "pass --admin-token <token> or --admin-open to reach it from elsewhere"
    }

    /// `{"event":"listening","url":…,"tpns":…,"twinpush":…,"admin":…}`: each vendor's base URL under its name in
    /// lowercase, in registration order.
    static func readyLine(_ server: PushFakeServer) -> JSON {
        var line: JSONObject = ["event": "listening", "url": .string(server.baseURL.absoluteString)]
        for vendor in server.fake.vendors.vendors {
            guard let url = server.baseURL(for: vendor) else { continue }
            line[vendor.rawValue.lowercased()] = .string(url.absoluteString)
        }
        line["admin"] = .string(server.adminURL.absoluteString)
        return .object(line)
    }

    /// `forwarding TPNS to https://…, TwinPush to https://… (mode proxy, timeout 30 s)`: the vendors by their
    /// display names, in registration order.
    static func upstreamLine(_ upstream: UpstreamSettings, vendors: VendorRegistry) -> String {
        let targets = vendors.vendors.compactMap { vendor in
            upstream.urls[vendor].map {
                "\(vendors.displayName(of: vendor) ?? vendor.rawValue) to \($0.absoluteString)"
            }
        }
        return "forwarding \(targets.joined(separator: ", ")) (mode \(upstream.mode.rawValue), timeout "
            + "\(UpstreamProxy.seconds(upstream.timeout)))"
    }

    /// What one journaled TPNS register costs, as `PushFakeBenchmarks journal` measures it (Performance.md, "Journal
    /// cost"), rounded up.
    static let journalBytesPerRequest = 300

    /// The start-up warning when the journal is unbounded; `nil` with `--journal-limit`. Said on stderr even with
    /// `--quiet`, which silences the per-request log only: a long-running server without a limit grows until it is
    /// stopped, and this line is the one place that says so.
    static func journalWarning(_ options: ServeOptions) -> String? {
        guard options.journalLimit == nil else { return nil }
        return "the journal keeps every request (no --journal-limit): memory grows about "
            + "\(journalBytesPerRequest) bytes per request (\(journalBytesPerRequest) MB per million); "
            + "GET /__pushfake/health reports it"
    }

    @Sendable private static func shutdownSignals() -> sigset_t {
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGINT)
        sigaddset(&signals, SIGTERM)
        // SIGHUP (a closed terminal, a supervisor's reload) stops the fake too: it has no files to reload.
        sigaddset(&signals, SIGHUP)
        return signals
    }

    /// A line about the server itself on stderr: `pushfake: …`, or `{"event":…,"message":…}` with
    /// `--log-format json`. One line, whatever the message holds (a simulator's error output, an upstream URL): the
    /// message goes through ``LogText``.
    @Sendable private static func say(_ message: String, event: String, _ options: ServeOptions) {
        StandardStreams.error(sayLine(message, event: event, logFormat: options.logFormat) + "\n")
    }

    /// The line ``say(_:event:_:)`` writes, without its newline.
    private static func sayLine(_ message: String, event: String, logFormat: ServeOptions.LogFormat) -> String {
        logFormat == .json
            ? LogText.jsonLine(["event": .string(event), "message": .string(message)])
            : "pushfake: " + LogText.escaped(message)
    }

    @Sendable private static func writeJSONLog(_ line: RequestLogLine) {
        StandardStreams.error(line.jsonLine + "\n")
    }

    @Sendable private static func writeLog(_ line: RequestLogLine) {
        StandardStreams.error(line.description + "\n")
    }
}

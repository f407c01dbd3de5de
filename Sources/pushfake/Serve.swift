import Dispatch
import Foundation
import PushFakeCore
import PushFakeHTTP

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `pushfake serve`: start, print the ready line, log requests, stop cleanly on SIGINT/SIGTERM.
enum Serve {
    static func run(_ options: ServeOptions) -> Never {
        let log: (@Sendable (RequestLogLine) -> Void)? = options.quiet ? nil : writeLog
        let server = PushFakeServer(
            fake: PushFake(options.engineConfiguration),
            configuration: ServerConfiguration(
                host: options.host, port: options.port, maxBodyBytes: options.maxBodyBytes, log: log))
        // Block SIGINT/SIGTERM before any thread exists, so one that arrives right after the ready line stays
        // pending until the waiting thread takes it (a dispatch source installs its handler asynchronously and
        // can miss it).
        var signals = shutdownSignals()
        pthread_sigmask(SIG_BLOCK, &signals, nil)
        do {
            try server.start()
        } catch {
            FileHandle.standardError.write(Data("pushfake: \(error)\n".utf8))
            exit(error == PushFakeError.addressInUse(port: options.port) ? 69 : 70)
        }
        FileHandle.standardOutput.write(Data((readyLine(server).serializedString() + "\n").utf8))
        if let warning = journalWarning(options) { FileHandle.standardError.write(Data((warning + "\n").utf8)) }
        let waiter = Thread {
            var signals = shutdownSignals()
            var received: Int32 = 0
            sigwait(&signals, &received)
            server.stop()
            exit(0)
        }
        waiter.name = "pushfake-signals"
        waiter.start()
        while true { sleep(3600) }
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

    /// What one journaled TPNS register costs, as `pushfake bench journal` measures it (Performance.md, "Journal
    /// cost"), rounded up.
    static let journalBytesPerRequest = 430

    /// The start-up warning when the journal is unbounded; `nil` with `--journal-limit`. Printed on stderr even with
    /// `--quiet`, which silences the per-request log only: a long-running server without a limit grows until it is
    /// stopped, and this line is the one place that says so.
    static func journalWarning(_ options: ServeOptions) -> String? {
        guard options.journalLimit == nil else { return nil }
        return "pushfake: the journal keeps every request (no --journal-limit): memory grows about "
            + "\(journalBytesPerRequest) bytes per request (\(journalBytesPerRequest) MB per million); "
            + "GET /__pushfake/health reports it"
    }

    @Sendable private static func shutdownSignals() -> sigset_t {
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGINT)
        sigaddset(&signals, SIGTERM)
        return signals
    }

    @Sendable private static func writeLog(_ line: RequestLogLine) {
        FileHandle.standardError.write(Data((line.description + "\n").utf8))
    }
}

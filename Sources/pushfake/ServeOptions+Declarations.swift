import Foundation
import PushFakeCore
import PushFakeHTTP
import PushFakeUpstream

extension ServeOptions {
    static var options: [Option<Self>] {
        let bytes = 1...Int(Int32.max)
        return [
            .value(
                "--host", \.host, "address", .text, "Address to bind (default 127.0.0.1; ::1 for IPv6, 0.0.0.0 for all)"
            ),
            .value(
                "--port", \.port, "port", .integer(in: 0...65_535),
                "Port to bind (default 0: the kernel picks; read it from the first line)"),
            .value("--seed", \.seed, "n", .unsigned, "Seed for ids and probabilistic faults (default 0)"),
            .value(
                "--clock", \.clock, "mode", .choice(FakeClock.Mode.self),
                "fixed: starts 2026-01-01 00:00:00 UTC, moves only via the admin API (default); real: wall-clock time"),
            .flag(
                "--state-checks", \.stateChecks, invertible: true,
                "Enforce the TPNS SDK state machine (-1000/-1001/-1002) server-side"),
            .value(
                "--journal-limit", \.journalLimit, "n", .integer(in: 1...Int.max),
                "Keep only the newest n journal entries (default: keep all, with a warning on stderr at start-up); "
                    + "also the most an instance may keep"),
            .app(\.apps, "Declare an app"),
            .value(
                "--max-body-bytes", \.maxBodyBytes, "n", .integer(in: bytes),
                "Largest accepted request body (1...2147483647, default 10485760); state documents and recordings "
                    + "have their own limits"),
            .value(
                "--max-state-bytes", \.maxStateBytes, "n", .integer(in: bytes),
                "Largest state document PUT /__pushfake/state takes (1...2147483647, default 33554432)"),
            .value(
                "--max-recording-bytes", \.maxRecordingBytes, "n", .integer(in: bytes),
                "Largest recording POST /__pushfake/recordings/compare takes (1...2147483647, default 33554432)"),
            .value(
                "--max-connections", \.maxConnections, "n", .integer(in: 1...1_000_000),
                "Serve at most n connections at once (1...1000000; default: the open-file limit, ulimit -n, less 64); "
                    + "then a new one replaces the oldest that never sent a byte, or gets 503"),
            .value(
                "--max-instances", \.maxInstances, "n", .integer(in: ServerConfiguration.maxInstancesRange),
                "Keep at most n instances (POST /__pushfake/instances) alive at once (0...100000, default 1000; "
                    + "0: none); one more gets 503"),
            .value(
                "--event-loops", \.eventLoops, "n", .integer(in: ServerConfiguration.eventLoopCountRange),
                "Serve connections from n epoll loops (1...64; default: one per core up to 4, or PUSHFAKE_LOOPS); "
                    + "Linux only, ignored with PUSHFAKE_IO_MODEL=threads and elsewhere"),
            .flag("--quiet", short: "-q", \.quiet, invertible: true, "No per-request log lines on stderr"),
            .value(
                "--log-format", \.logFormat, "format", .choice(LogFormat.self),
                "text (default) or json: one JSON object per request log line"),
            .value(
                "--state", \.stateFiles, "file", .file,
                "Start from this state document (StateFormat.md; see fixtures/states/); later files add to earlier ones"
            ),
            .value(
                "--admin-token", \.adminAccess.token, "token", .adminToken,
                "Require Authorization: Bearer <token> on every admin request, from any client"),
            .flag(
                "--admin-open", \.adminAccess.open, invertible: true,
                "Answer admin requests from any client, not only loopback ones (a container on a private network)"),
            .value(
                "--allow-host", \.adminAccess.allowedHosts, "name", .hostName,
                "Accept this Host name for admin requests besides IP addresses and localhost (a compose service)"),
            .value(
                "--apns-dir", \.apnsDirectory, "dir",
                .directory.checked { _, text throws(OptionError) in
                    if text.isEmpty { throw OptionError("takes a directory, not an empty path") }
                },
                "Write each iOS delivery as an .apns file (payload + \"Simulator Target Bundle\") in dir; needs --bundle-id"
            ),
            .value(
                "--simulator", \.simulator, "booted|udid", .simulator,
                "Push each iOS delivery into this iOS Simulator with xcrun simctl push (macOS); needs --bundle-id"),
            .value(
                "--bundle-id", \.bundleID, "id", .bundleID,
                "The app the .apns files and simulator pushes are for (com.example.app)"),
            .value(
                "--upstream", \.upstreams, "vendor=url", .upstreamArgument,
                aliases: [
                    OptionAlias(name: "--upstream-tpns", valuePrefix: "tpns=", value: "url"),
                    OptionAlias(name: "--upstream-twinpush", valuePrefix: "twinpush=", value: "url"),
                ],
                "Forward the vendor's requests to the real service at this base URL (http or https, e.g. "
                    + "twinpush=https://app.twinpush.com/api/v2; the vendor's name in any case)"),
            .value(
                "--upstream-mode", \.upstreamMode, "mode", .choice(ProxiedExchange.Mode.self),
                "proxy: forward only (default); learn: also apply each forwarded request to the local store"),
            .value(
                "--upstream-timeout", \.upstreamTimeout, "seconds", .number(in: UpstreamSettings.timeoutRange),
                "Answer 504 when the upstream takes longer than this (0.1...600, default 30)"),
            .value(
                "--upstream-max-response-bytes", \.upstreamMaxResponseBytes, "n",
                .integer(in: UpstreamSettings.maximumResponseBytesRange),
                "Answer 502 when the upstream's answer is larger than n bytes (1024...1073741824, default 16777216)"),
            .flag(
                "--redact-app-keys", \.redactAppKeys, invertible: true,
                "Recording exports (journal jsonl, har), the event stream (tail) and the request log replace TPNS "
                    + "application keys by ${secret:tpns-app-key} too"),
            .value(
                "--shutdown-grace", \.shutdownGrace, "seconds", .number(in: shutdownGraceRange),
                "On SIGTERM/SIGINT, let the answers in flight finish for up to this long (0...3600, default 2; 0 cuts)"),
        ]
    }
}

extension ValueRule where Value == String {
    /// `--admin-token`: printable ASCII without spaces or commas.
    static var adminToken: ValueRule {
        .custom { text throws(OptionError) in
            guard !text.isEmpty, text.allSatisfy({ $0.isASCII && !$0.isWhitespace && $0 != "," }) else {
                throw OptionError("must be printable ASCII without spaces or commas")
            }
            return text
        }
    }

    /// `--allow-host`: letters, digits, `-` and `.`.
    static var hostName: ValueRule {
        .custom { text throws(OptionError) in
            guard !text.isEmpty, text.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "." }) else {
                throw .takes("a host name (letters, digits, - and .)", not: text)
            }
            return text
        }
    }

    /// `--simulator`: `booted` or a simulator's UDID.
    static var simulator: ValueRule {
        ValueRule(choices: ["booted"]) { text throws(OptionError) in
            guard SimulatorDelivery.isValidSimulator(text) else {
                throw .takes("booted or a simulator's UDID", not: text)
            }
            return text
        }
    }

    /// `--bundle-id`: letters, digits, `-` and `.`.
    static var bundleID: ValueRule {
        .custom { text throws(OptionError) in
            guard SimulatorDelivery.isValidBundleID(text) else {
                throw .takes("letters, digits, - and . (com.example.app)", not: text)
            }
            return text
        }
    }
}

/// One `--upstream vendor=URL`: the vendor as written (found among the registered vendors when `serve` runs) and
/// its base URL.
struct UpstreamArgument: Sendable, Equatable {
    let vendor: String
    let url: URL
}

extension ValueRule where Value == UpstreamArgument {
    /// `vendor=URL`: a vendor name and an upstream's base URL (http or https, no query).
    static var upstreamArgument: ValueRule {
        .custom { text throws(OptionError) in
            guard let pair = NameValue(splitting: text) else {
                throw .takes("vendor=url (twinpush=https://app.twinpush.com/api/v2)", not: text)
            }
            switch UpstreamSettings.baseURL(pair.value) {
            case .success(let base): return UpstreamArgument(vendor: pair.name, url: base)
            case .failure(let problem): throw OptionError("\(problem): \(pair.value)")
            }
        }
    }
}

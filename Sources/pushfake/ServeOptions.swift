import PushFakeCore
import PushFakeHTTP

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
    var quiet = false

    static let usage = """
        USAGE: pushfake serve [options]

        Runs the fake TPNS + TwinPush service until SIGINT/SIGTERM. The first stdout line is one JSON object
        with the bound URLs; then one log line per request goes to stderr.

        OPTIONS:
          --host <address>          Address to bind (default 127.0.0.1; ::1 for IPv6, 0.0.0.0 for all)
          --port <port>             Port to bind (default 0: the kernel picks; read it from the first line)
          --seed <n>                Seed for ids and probabilistic faults (default 0)
          --clock fixed|real        fixed: starts 2026-01-01 00:00:00 UTC, moves only via the admin API
                                    (default); real: wall-clock time
          --state-checks            Enforce the TPNS SDK state machine (-1000/-1001/-1002) server-side
          --journal-limit <n>       Keep only the newest n journal entries (default: keep all)
          --tpns-app <key>          Declare a TPNS application key (repeatable; makes TPNS strict)
          --twinpush-app <id>:<api-token>:<creator-token>
                                    Declare a TwinPush app (repeatable; makes TwinPush strict)
          --max-body-bytes <n>      Largest accepted request body (default 10485760)
          --quiet                   No per-request log lines on stderr
          -h, --help                Show this help
        """

    struct UsageError: Error {
        let message: String
    }

    init(arguments: [String]) throws(UsageError) {
        var remaining = arguments[...]
        func value(for flag: String) throws(UsageError) -> String {
            guard let next = remaining.popFirst() else { throw UsageError(message: "\(flag) needs a value") }
            return next
        }
        func number<T: FixedWidthInteger>(_ flag: String, _ type: T.Type, range: ClosedRange<T>) throws(UsageError) -> T
        {
            let text = try value(for: flag)
            guard let parsed = T(text), range.contains(parsed) else {
                throw UsageError(
                    message: "\(flag) must be a number in \(range.lowerBound)...\(range.upperBound), not \(text)")
            }
            return parsed
        }
        while let argument = remaining.popFirst() {
            switch argument {
            case "--host": host = try value(for: argument)
            case "--port": port = try number(argument, Int.self, range: 0...65_535)
            case "--seed": seed = try number(argument, UInt64.self, range: 0...UInt64.max)
            case "--clock":
                let text = try value(for: argument)
                guard let mode = FakeClock.Mode(rawValue: text) else {
                    throw UsageError(message: "--clock must be fixed or real, not \(text)")
                }
                clock = mode
            case "--state-checks": stateChecks = true
            case "--journal-limit": journalLimit = try number(argument, Int.self, range: 1...Int.max)
            case "--tpns-app": tpnsApps.append(try value(for: argument))
            case "--twinpush-app":
                let text = try value(for: argument)
                let parts = text.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
                guard parts.count == 3, parts.allSatisfy({ !$0.isEmpty }) else {
                    throw UsageError(message: "--twinpush-app takes <id>:<api-token>:<creator-token>, not \(text)")
                }
                twinPushApps.append(TwinPushApp(id: parts[0], apiToken: parts[1], creatorToken: parts[2]))
            case "--max-body-bytes": maxBodyBytes = try number(argument, Int.self, range: 1...Int(Int32.max))
            case "--quiet", "-q": quiet = true
            default:
                throw UsageError(message: "unknown option \(argument)")
            }
        }
    }

    var engineConfiguration: PushFakeConfiguration {
        PushFakeConfiguration(
            seed: seed, clockMode: clock, stateChecks: stateChecks, journalLimit: journalLimit, tpnsApps: tpnsApps,
            twinPushApps: twinPushApps)
    }
}

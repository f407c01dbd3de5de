import Foundation
import PushFakeCore
import PushFakeFleet

/// `pushfake fleet run`'s options, declared once: every number range-checked where it enters, every mix profile and
/// policy key known, or a usage error naming it.
struct FleetRunOptions: ParsableOptions {
    var server = ServerOptions()
    var app = "fleetapp"
    var apiKey = "fleetkey"
    var devices = 1_000
    var mix = FleetMix([.twinpushIOS: 60, .twinpushAndroid: 35, .tpnsIOS: 5])
    var policy: String?
    var seed: UInt64 = 1
    var duration = 60.0
    var report: String?
    var shard: FleetShard?
    var threads = 4

    static var options: [Option<Self>] {
        ServerOptions.options.within(\.server) + [
            .value(
                "--app", \.app, "app", ValueRule.text.checked(FleetOptions.nonEmpty),
                "TwinPush app id (also the TPNS application key; default fleetapp)"),
            .value("--api-key", \.apiKey, "key", .text, "TwinPush API token sent on register (default fleetkey)"),
            .value(
                "--devices", \.devices, "n", .integer(in: 0...FleetConfiguration.maximumDevices),
                "Devices in the whole fleet (0...\(FleetConfiguration.maximumDevices), default 1000)"),
            .value(
                "--mix", \.mix, "name=value", .parsed(FleetMix.parse),
                "Profiles and weights (default twinpush-ios=60,twinpush-android=35,tpns-ios=5)"),
            .value("--policy", \.policy, "json", .text, "Policy: a JSON document, or a file holding one"),
            .value(
                "--seed", \.seed, "n", .unsigned,
                "Seed of identities and reactions (0...18446744073709551615, default 1)"),
            .value(
                "--duration", \.duration, "seconds", FleetOptions.durationRule,
                "How long the fleet runs: 25s, 2m or seconds (0...86400, default 60)"),
            .value("--report", \.report, "file", .file, "Write the JSON report here"),
            .value(
                "--shard", \.shard, "i/n", .parsed(FleetShard.parse),
                "Run shard I of N (0 <= I < N <= 100000)"),
            .value("--threads", \.threads, "n", .integer(in: 1...64), "Devices launching at once (1...64, default 4)"),
        ]
    }
}

/// `pushfake fleet report`'s options: the reports to merge and where to write the merged one.
struct FleetReportOptions: ParsableOptions {
    var output: String?
    var reports: [String] = []

    static var arguments: [Argument<Self>] {
        [.variadic("reports", \.reports, .file, "The JSON reports of `fleet run --report` (one or more)")]
    }

    static var options: [Option<Self>] {
        [.value("--output", \.output, "file", .file, "Write the merged JSON report here")]
    }
}

extension FleetMix: SingleOptionValue {}

extension ValueRule {
    /// A value read once by a fleet type's own parser (``FleetMix/parse(_:)``, ``FleetShard/parse(_:)``); its error
    /// names the problem.
    static func parsed(_ parse: @escaping (String) throws(JSONFieldError) -> Value) -> ValueRule {
        .custom { text throws(OptionError) in
            do throws(JSONFieldError) {
                return try parse(text)
            } catch {
                throw OptionError("\(error.path): \(error.problem)")
            }
        }
    }
}

/// Reads `pushfake fleet run`'s options into a ``FleetConfiguration``.
enum FleetOptions {
    static func configuration(
        _ options: FleetRunOptions, _ context: CommandContext<FleetRunOptions>
    ) throws(CommandExit) -> FleetConfiguration {
        var policy: FleetPolicySet?
        if let text = options.policy { policy = try self.policy(text, context) }
        let app = FleetApp(appID: options.app, apiKey: options.apiKey)
        return FleetConfiguration(
            devices: options.devices, mix: options.mix, policy: policy ?? FleetPolicySet(), seed: options.seed,
            shard: options.shard ?? .whole, app: app)
    }

    static func nonEmpty(_ value: String, _ text: String) throws(OptionError) {
        guard !value.isEmpty else { throw OptionError("must not be empty") }
    }

    /// `25s`, `2m`, `1h` or plain seconds, in 0...86400.
    static var durationRule: ValueRule<Double> {
        .custom { text throws(OptionError) in
            guard let value = FleetCommand.duration(text) else {
                throw OptionError("must be 25s, 2m or seconds in 0...86400, not \(text)")
            }
            return value
        }
    }

    /// `--policy`: inline JSON (starts with `{`) or a file holding it.
    private static func policy(
        _ text: String, _ arguments: CommandContext<FleetRunOptions>
    ) throws(CommandExit) -> FleetPolicySet {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        var source = "--policy"
        var bytes = Array(trimmed.utf8)
        if !trimmed.hasPrefix("{") {
            guard let data = FileManager.default.contents(atPath: text) else {
                throw arguments.usage("--policy is neither a JSON object nor a readable file: \(text)")
            }
            source = text
            bytes = Array(data)
        }
        let json: JSON
        do throws(JSONSyntaxError) {
            json = try JSON.parse(bytes)
        } catch {
            throw arguments.usage("\(source): not JSON (\(error))")
        }
        do throws(JSONFieldError) {
            return try FleetPolicySet.parse(json)
        } catch {
            throw arguments.usage("\(source): \(error)")
        }
    }

    /// The report with TwinPush's own figures, when the server answers.
    static func checked(_ fleet: DeviceFleet, _ report: FleetReport) -> FleetReport {
        waitForTask { await fleet.reportCheckedWithVendor() } ?? report
    }

    /// One progress line on a terminal: registered devices, deliveries received, opens.
    static func showProgress(_ report: FleetReport) {
        let registered = report.registered.values.reduce(0, +)
        let received = report.notifications.reduce(0) { $0 + $1.received }
        let opened = report.notifications.reduce(0) { $0 + $1.opened }
        let line =
            "\r\u{1B}[Kfleet: \(registered) registered, \(received) received, \(opened) opened, \(report.requests) requests"
        StandardStreams.error(line)
    }
}

import PushFakeCore

extension StateCommands {
    /// `pushfake state dump`: the server and where to write the document.
    struct Dump: ParsableOptions {
        var server = ServerOptions()
        var output: String?

        static var options: [Option<Self>] {
            ServerOptions.options.within(\.server) + [
                .value("--output", \.output, "file", .file, "Write it to this file instead")
            ]
        }
    }

    /// `pushfake state load <file>`.
    enum StateFile: ServerCommandArgument {
        static let name = "file"
        static let help = "The state document (- reads stdin)"
        static var rule: ValueRule<String> { .file }
    }

    /// `pushfake instances delete <id>`.
    enum InstanceIDArgument: ServerCommandArgument {
        static let name = "id"
        static let help = "The instance's id"
    }

    /// `pushfake apps add`: the server and the apps.
    struct AppsOptions: ParsableOptions {
        var server = ServerOptions()
        var apps = AppOptions()

        static var options: [Option<Self>] {
            ServerOptions.options.within(\.server) + [
                .value("--tpns-app", \.apps.tpns, "key", .text, "A TPNS application key"),
                .value("--twinpush-app", \.apps.twinPush, "id:api-token:creator-token", .twinPushApp, "A TwinPush app"),
            ]
        }
    }

    /// `pushfake instances create`: the server and the instance's configuration.
    struct InstanceOptions: ParsableOptions {
        var server = ServerOptions()
        var seed: UInt64?
        var clock: FakeClock.Mode?
        var clockStart: String?
        var stateChecks = false
        var journalLimit: Int?
        var apps = AppOptions()

        static var options: [Option<Self>] {
            ServerOptions.options.within(\.server) + [
                .value("--seed", \.seed, "n", .unsigned, "Seed for ids and probabilistic faults"),
                .value("--clock", \.clock, "mode", .choice(FakeClock.Mode.self), "fixed (default) or real"),
                .value(
                    "--clock-start", \.clockStart, "time", .text,
                    "Where a fixed clock starts, e.g. 2026-01-01T00:00:00Z"),
                .flag("--state-checks", \.stateChecks, "Enforce the TPNS SDK state machine server-side"),
                .value(
                    "--journal-limit", \.journalLimit, "n", .integer(in: 1...Int.max),
                    "Keep only the newest n journal entries"),
                .value("--tpns-app", \.apps.tpns, "key", .text, "Declare a TPNS application key"),
                .value(
                    "--twinpush-app", \.apps.twinPush, "id:api-token:creator-token", .twinPushApp,
                    "Declare a TwinPush app"),
            ]
        }

        /// The instance configuration JSON (`POST /__pushfake/instances`).
        var configuration: JSON {
            var object = JSONObject()
            if let seed { object["seed"] = .string(String(seed)) }
            if clock != nil || clockStart != nil {
                var json = JSONObject()
                if let clock { json["mode"] = .string(clock.rawValue) }
                if let clockStart { json["start"] = .string(clockStart) }
                object["clock"] = .object(json)
            }
            if stateChecks { object["stateChecks"] = true }
            if let journalLimit { object["journalLimit"] = .int(journalLimit) }
            if apps.json.objectValue?.isEmpty == false { object["apps"] = apps.json }
            return .object(object)
        }
    }
}

/// `--tpns-app` and `--twinpush-app`: apps to declare (`serve`, `instances create`, `apps add`).
struct AppOptions: Sendable {
    var tpns: [String] = []
    var twinPush: [TwinPushApp] = []

    /// `{"tpns": [...], "twinPush": [...]}`, each vendor only when it has apps.
    var json: JSON {
        var object = JSONObject()
        if !tpns.isEmpty { object["tpns"] = .array(tpns.map(JSON.string)) }
        if !twinPush.isEmpty {
            object["twinPush"] = .array(
                twinPush.map {
                    ["id": .string($0.id), "apiToken": .string($0.apiToken), "creatorToken": .string($0.creatorToken)]
                })
        }
        return .object(object)
    }
}

extension ValueRule where Value == TwinPushApp {
    /// `<id>:<api-token>:<creator-token>`, none of them empty.
    static var twinPushApp: ValueRule {
        .custom { text throws(OptionError) in
            let parts = text.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
            guard parts.count == 3, parts.allSatisfy({ !$0.isEmpty }) else {
                throw .takes("<id>:<api-token>:<creator-token>", not: text)
            }
            return TwinPushApp(id: parts[0], apiToken: parts[1], creatorToken: parts[2])
        }
    }
}

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
            ServerOptions.options.within(\.server) + [.app(\.apps, "An app to declare")]
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
                .app(\.apps, "Declare an app"),
            ]
        }

        /// The instance configuration JSON (`POST /__pushfake/instances`), the apps read as the standard vendors
        /// write them.
        func configuration(_ context: CommandContext<Self>) throws(CommandExit) -> JSON {
            let appsJSON = try apps.json(context, vendors: .standard)
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
            if appsJSON.objectValue?.isEmpty == false { object["apps"] = appsJSON }
            return .object(object)
        }
    }
}

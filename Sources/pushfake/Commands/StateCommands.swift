import Foundation
import PushFakeCore

/// `pushfake state dump|load`, `pushfake instances create|list|delete`, `pushfake apps [add]`.
enum StateCommands {
    static let state = CommandSpec(
        path: ["state"], summary: "Dump or load the state of a running server (StateFormat.md).",
        options: AdminClient.options,
        subcommands: [
            CommandSpec(
                path: ["state", "dump"], summary: "Print the state document (apps, devices, notifications, faults…).",
                options: AdminClient.options + [.value("--output", "file", "Write it to this file instead")],
                run: { arguments throws(CommandExit) in
                    let client = try AdminClient(arguments)
                    let response = try client.send("GET", "state")
                    guard response.status == 200 else {
                        try client.printAnswer(response)
                        return
                    }
                    if let file = arguments.string("--output") {
                        guard FileManager.default.createFile(atPath: file, contents: Data(response.body + [10])) else {
                            throw CommandExit(.failure, "cannot write \(file)")
                        }
                    } else {
                        try client.printAnswer(response)
                    }
                }),
            CommandSpec(
                path: ["state", "load"], summary: "Replace the state with a document, all or nothing.",
                arguments: [ArgumentSpec(name: "file", help: "The state document (- reads stdin)")],
                options: AdminClient.options,
                run: { arguments throws(CommandExit) in
                    let client = try AdminClient(arguments)
                    let text = try read(arguments.positional[0])
                    guard (try? JSON.parse(text)) != nil else {
                        throw CommandExit(.dataError, "\(arguments.positional[0]) is not JSON")
                    }
                    let response = try client.send("PUT", "state", body: text)
                    guard response.status == 200 else {
                        try client.printAnswer(response)
                        return
                    }
                    print("ok: state loaded" + summary(of: response.body))
                }),
        ])

    static let instances = CommandSpec(
        path: ["instances"], summary: "Create, list or delete isolated instances of a running server.",
        options: AdminClient.options,
        subcommands: [
            CommandSpec(
                path: ["instances", "create"],
                summary: "Create an instance; prints its id and URLs (base, admin, one per vendor).",
                options: AdminClient.options + [
                    .value("--seed", "n", "Seed for ids and probabilistic faults"),
                    .value("--clock", "mode", "fixed (default) or real"),
                    .value("--clock-start", "time", "Where a fixed clock starts, e.g. 2026-01-01T00:00:00Z"),
                    .flag("--state-checks", "Enforce the TPNS SDK state machine server-side"),
                    .value("--journal-limit", "n", "Keep only the newest n journal entries"),
                    .value("--tpns-app", "key", "Declare a TPNS application key", repeatable: true),
                    .value("--twinpush-app", "id:api-token:creator-token", "Declare a TwinPush app", repeatable: true),
                ],
                run: { arguments throws(CommandExit) in
                    let client = try AdminClient(arguments)
                    let body = try configuration(arguments)
                    try client.printAnswer(try client.send("POST", "instances", body: body.serializedString()))
                }),
            CommandSpec(
                path: ["instances", "list"], summary: "List the instances with their URLs.",
                options: AdminClient.options,
                run: { arguments throws(CommandExit) in
                    let client = try AdminClient(arguments)
                    try client.printAnswer(try client.send("GET", "instances"))
                }),
            CommandSpec(
                path: ["instances", "delete"], summary: "End an instance.",
                arguments: [ArgumentSpec(name: "id", help: "The instance's id")], options: AdminClient.options,
                run: { arguments throws(CommandExit) in
                    let client = try AdminClient(arguments)
                    let id = arguments.positional[0]
                    let encoded = id.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? id
                    try client.printAnswer(try client.send("DELETE", "instances/" + encoded))
                }),
        ])

    static let apps = CommandSpec(
        path: ["apps"], summary: "List or declare the apps of a running server.",
        discussion: "Without a subcommand it lists them.", options: AdminClient.options,
        subcommands: [
            CommandSpec(
                path: ["apps", "add"], summary: "Declare apps; a vendor with declared apps is strict about them.",
                options: AdminClient.options + [
                    .value("--tpns-app", "key", "A TPNS application key", repeatable: true),
                    .value("--twinpush-app", "id:api-token:creator-token", "A TwinPush app", repeatable: true),
                ],
                run: { arguments throws(CommandExit) in
                    let client = try AdminClient(arguments)
                    let body = try appsJSON(arguments)
                    guard body.objectValue?.isEmpty == false else {
                        throw arguments.usage("give --tpns-app or --twinpush-app")
                    }
                    try client.printAnswer(try client.send("POST", "apps", body: body.serializedString()))
                })
        ],
        run: { arguments throws(CommandExit) in
            let client = try AdminClient(arguments)
            try client.printAnswer(try client.send("GET", "apps"))
        })

    /// The instance configuration JSON (`POST /__pushfake/instances`) from the options.
    private static func configuration(_ arguments: ParsedArguments) throws(CommandExit) -> JSON {
        var object = JSONObject()
        if let seed = try arguments.uint64("--seed") { object["seed"] = .string(String(seed)) }
        let mode = try arguments.choice("--clock", ["fixed", "real"])
        let start = arguments.string("--clock-start")
        if mode != nil || start != nil {
            var clock = JSONObject()
            if let mode { clock["mode"] = .string(mode) }
            if let start { clock["start"] = .string(start) }
            object["clock"] = .object(clock)
        }
        if arguments.has("--state-checks") { object["stateChecks"] = true }
        if let limit = try arguments.int("--journal-limit", in: 1...Int.max) { object["journalLimit"] = .int(limit) }
        let apps = try appsJSON(arguments)
        if apps.objectValue?.isEmpty == false { object["apps"] = apps }
        return .object(object)
    }

    /// `{"tpns": [...], "twinPush": [...]}` from `--tpns-app` and `--twinpush-app`.
    private static func appsJSON(_ arguments: ParsedArguments) throws(CommandExit) -> JSON {
        var object = JSONObject()
        let tpns = arguments.all("--tpns-app")
        if !tpns.isEmpty { object["tpns"] = .array(tpns.map(JSON.string)) }
        var twinPush: [JSON] = []
        for text in arguments.all("--twinpush-app") {
            let parts = text.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
            guard parts.count == 3, parts.allSatisfy({ !$0.isEmpty }) else {
                throw arguments.usage("--twinpush-app takes <id>:<api-token>:<creator-token>, not \(text)")
            }
            twinPush.append(["id": .string(parts[0]), "apiToken": .string(parts[1]), "creatorToken": .string(parts[2])])
        }
        if !twinPush.isEmpty { object["twinPush"] = .array(twinPush) }
        return .object(object)
    }

    /// ` (tpns: 0 apps, 1 devices, 0 notifications; twinPush: …; 0 deliveries, 0 faults)` from the summary
    /// `PUT /__pushfake/state` answers; empty when the answer is not one.
    static func summary(of body: [UInt8]) -> String {
        guard let answer = try? JSON.parse(body), let vendors = answer["vendors"]?.objectValue else { return "" }
        var parts = vendors.members.map { member in
            let counts = member.value.objectValue?.members.map { "\($0.value) \($0.key)" } ?? []
            return "\(member.key): " + (counts.isEmpty ? "no records" : counts.joined(separator: ", "))
        }
        parts.append("\(answer["deliveries"] ?? 0) deliveries, \(answer["faults"] ?? 0) faults")
        return " (" + parts.joined(separator: "; ") + ")"
    }

    /// A file's text, or stdin's for `-`; an unreadable file is exit 65.
    static func read(_ path: String) throws(CommandExit) -> String {
        if path == "-" { return String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self) }
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            throw CommandExit(.dataError, "cannot read \(path)")
        }
        return text
    }
}

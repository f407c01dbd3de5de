import Foundation
import PushFakeCore

/// `pushfake journal|faults|reset|clock|deliveries|devices`: the admin API of a running server, from the shell.
enum AdminCommands {
    static let discussion = """
        Talks to a running `pushfake serve` (or one of its instances) at --url or $PUSHFAKE_URL, prints the \
        answer's body, and exits 0 on success, 1 on an error answer, 69 when no server answers.
        """

    static var all: [CommandSpec] { [journal, faults, reset, clock, deliveries, devices] }

    static let journal = CommandSpec(
        path: ["journal"], summary: "Print the journal of a running server.", discussion: discussion,
        options: [
            AdminClient.urlOption, AdminClient.tokenOption,
            .value("--format", "format", "json (default), jsonl or har"),
            .value("--vendor", "vendor", "Only this vendor's requests (tpns, twinPush)"),
            .value("--operation", "operation", "Only this operation (register, pushNotifications, …)"),
            .value("--app", "app", "Only requests about this app"),
            .value("--device", "device", "Only requests about this device"),
            .value("--status", "status", "Only answers with this status"),
            .value("--since", "seq", "Only entries after this sequence number"),
            .flag("--unmatched", "Only requests no route matched"),
            .flag(
                "--redact-app-keys",
                "With jsonl or har: replace TPNS application keys by ${secret:tpns-app-key} too (tokens always are)"),
        ],
        run: { arguments throws(CommandExit) in
            let client = try AdminClient(arguments)
            _ = try arguments.choice("--format", ["json", "jsonl", "har"])
            _ = try arguments.int("--status", in: 100...599)
            _ = try arguments.int("--since", in: 0...Int.max)
            var query: [(String, String)] = []
            for name in ["format", "vendor", "operation", "app", "device", "status", "since"] {
                if let value = arguments.string("--" + name) { query.append((name, value)) }
            }
            if arguments.has("--unmatched") { query.append(("unmatched", "true")) }
            if arguments.has("--redact-app-keys") { query.append(("redactAppKeys", "true")) }
            try client.printAnswer(try client.send("GET", "journal", query: query))
        })

    static let faults = CommandSpec(
        path: ["faults"], summary: "List, add, clear or remove the fault rules of a running server.",
        discussion: discussion + "\n\nWithout a subcommand it lists the rules.",
        options: AdminClient.options,
        subcommands: [
            CommandSpec(
                path: ["faults", "list"], summary: "List the fault rules with their counters.",
                options: AdminClient.options,
                run: { arguments throws(CommandExit) in try listFaults(arguments) }),
            CommandSpec(
                path: ["faults", "add"], summary: "Add a fault rule given as JSON (see README, Fault injection).",
                arguments: [ArgumentSpec(name: "rule", help: #"The rule, e.g. '{"fault":{"tpnsError":-1001}}'"#)],
                options: AdminClient.options,
                run: { arguments throws(CommandExit) in
                    let client = try AdminClient(arguments)
                    try client.printAnswer(try client.send("POST", "faults", body: arguments.positional[0]))
                }),
            CommandSpec(
                path: ["faults", "clear"], summary: "Remove every fault rule.", options: AdminClient.options,
                run: { arguments throws(CommandExit) in
                    let client = try AdminClient(arguments)
                    try client.printAnswer(try client.send("DELETE", "faults"))
                }),
            CommandSpec(
                path: ["faults", "remove"], summary: "Remove one fault rule by id.",
                arguments: [ArgumentSpec(name: "id", help: "The rule's id, e.g. fault-1")],
                options: AdminClient.options,
                run: { arguments throws(CommandExit) in
                    let client = try AdminClient(arguments)
                    let id = arguments.positional[0]
                    let encoded = id.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? id
                    try client.printAnswer(try client.send("DELETE", "faults/" + encoded))
                }),
        ],
        run: { arguments throws(CommandExit) in try listFaults(arguments) })

    private static func listFaults(_ arguments: ParsedArguments) throws(CommandExit) {
        let client = try AdminClient(arguments)
        try client.printAnswer(try client.send("GET", "faults"))
    }

    static let reset = CommandSpec(
        path: ["reset"], summary: "Reset a running server: devices, journal, faults, clock.", discussion: discussion,
        options: AdminClient.options,
        run: { arguments throws(CommandExit) in
            let client = try AdminClient(arguments)
            try client.printAnswer(try client.send("POST", "reset"))
        })

    static let clock = CommandSpec(
        path: ["clock"], summary: "Read, advance or set the fake clock of a running server.",
        discussion: discussion,
        options: [
            AdminClient.urlOption, AdminClient.tokenOption,
            .value("--advance", "seconds", "Move the clock by this many seconds (negative moves it back)"),
            .value("--set", "time", "Set the clock, e.g. 2026-02-01T00:00:00Z"),
        ],
        run: { arguments throws(CommandExit) in
            let client = try AdminClient(arguments)
            if arguments.string("--advance") != nil, arguments.string("--set") != nil {
                throw arguments.usage("--advance and --set cannot be combined")
            }
            if let seconds = try arguments.double("--advance", in: -1e12...1e12) {
                let body = JSON.object(["advance": .double(seconds)]).serializedString()
                try client.printAnswer(try client.send("POST", "clock", body: body))
            } else if let time = arguments.string("--set") {
                let body = JSON.object(["set": .string(time)]).serializedString()
                try client.printAnswer(try client.send("POST", "clock", body: body))
            } else {
                try client.printAnswer(try client.send("GET", "clock"))
            }
        })

    static let deliveries = CommandSpec(
        path: ["deliveries"], summary: "Print the deliveries of a running server.", discussion: discussion,
        options: [
            AdminClient.urlOption, AdminClient.tokenOption,
            .value("--vendor", "vendor", "Only this vendor's deliveries"),
            .value("--device", "device", "Only deliveries to this device"),
            .value("--notification", "id", "Only deliveries of this notification"),
            .value("--app", "app", "Only deliveries of this app"),
        ],
        run: { arguments throws(CommandExit) in
            let client = try AdminClient(arguments)
            var query: [(String, String)] = []
            for name in ["vendor", "device", "notification", "app"] {
                if let value = arguments.string("--" + name) { query.append((name, value)) }
            }
            try client.printAnswer(try client.send("GET", "deliveries", query: query))
        })

    static let devices = CommandSpec(
        path: ["devices"], summary: "Print the devices of a running server.", discussion: discussion,
        options: AdminClient.options + [.value("--vendor", "vendor", "Only this vendor's devices")],
        run: { arguments throws(CommandExit) in
            let client = try AdminClient(arguments)
            let query = arguments.string("--vendor").map { [("vendor", $0)] } ?? []
            try client.printAnswer(try client.send("GET", "devices", query: query))
        })
}

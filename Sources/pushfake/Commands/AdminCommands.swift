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
        options: JournalOptions.self,
        run: { options, context throws(CommandExit) in
            let client = try AdminClient(options.server, context)
            try client.printAnswer(try client.send("GET", "journal", query: options.query))
        })

    static let faults = CommandSpec(
        path: ["faults"], summary: "List, add, clear or remove the fault rules of a running server.",
        discussion: discussion + "\n\nWithout a subcommand it lists the rules.",
        options: ServerOptions.self,
        subcommands: [
            CommandSpec(
                path: ["faults", "list"], summary: "List the fault rules with their counters.",
                options: ServerOptions.self,
                run: { server, context throws(CommandExit) in try send("GET", "faults", server, context) }),
            CommandSpec(
                path: ["faults", "add"], summary: "Add a fault rule given as JSON (see README, Fault injection).",
                options: FaultRule.self,
                run: { options, context throws(CommandExit) in
                    try send("POST", "faults", body: options.rule, options.server, context)
                }),
            CommandSpec(
                path: ["faults", "clear"], summary: "Remove every fault rule.", options: ServerOptions.self,
                run: { server, context throws(CommandExit) in try send("DELETE", "faults", server, context) }),
            CommandSpec(
                path: ["faults", "remove"], summary: "Remove one fault rule by id.", options: FaultID.self,
                run: { options, context throws(CommandExit) in
                    let id = options.id.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? options.id
                    try send("DELETE", "faults/" + id, options.server, context)
                }),
        ],
        run: { server, context throws(CommandExit) in try send("GET", "faults", server, context) })

    static let reset = CommandSpec(
        path: ["reset"], summary: "Reset a running server: devices, journal, faults, clock.", discussion: discussion,
        options: ServerOptions.self,
        run: { server, context throws(CommandExit) in try send("POST", "reset", server, context) })

    static let clock = CommandSpec(
        path: ["clock"], summary: "Read, advance or set the fake clock of a running server.",
        discussion: discussion, options: ClockOptions.self,
        run: { options, context throws(CommandExit) in
            let client = try AdminClient(options.server, context)
            if options.advance != nil, options.set != nil {
                throw context.usage("--advance and --set cannot be combined")
            }
            if let seconds = options.advance {
                let body = JSON.object(["advance": .double(seconds)]).serializedString()
                try client.printAnswer(try client.send("POST", "clock", body: body))
            } else if let time = options.set {
                let body = JSON.object(["set": .string(time)]).serializedString()
                try client.printAnswer(try client.send("POST", "clock", body: body))
            } else {
                try client.printAnswer(try client.send("GET", "clock"))
            }
        })

    static let deliveries = CommandSpec(
        path: ["deliveries"], summary: "Print the deliveries of a running server.", discussion: discussion,
        options: DeliveriesOptions.self,
        run: { options, context throws(CommandExit) in
            let query = [
                ("vendor", options.vendor), ("device", options.device), ("notification", options.notification),
                ("app", options.app),
            ]
            try send(
                "GET", "deliveries", query: query.compactMap { name, value in value.map { (name, $0) } },
                options.server, context)
        })

    static let devices = CommandSpec(
        path: ["devices"], summary: "Print the devices of a running server.", discussion: discussion,
        options: DevicesOptions.self,
        run: { options, context throws(CommandExit) in
            try send("GET", "devices", query: options.vendor.map { [("vendor", $0)] } ?? [], options.server, context)
        })

    /// Sends one admin request to the server `server` names and prints the answer (exit 1 for an error answer).
    static func send<Options>(
        _ method: String, _ route: String, query: [(String, String)] = [], body: String? = nil,
        _ server: ServerOptions, _ context: CommandContext<Options>
    ) throws(CommandExit) {
        let client = try AdminClient(server, context)
        try client.printAnswer(try client.send(method, route, query: query, body: body))
    }
}

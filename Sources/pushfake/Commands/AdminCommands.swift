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
        options: ServerAndQuery<JournalQuery>.self,
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
                path: ["faults", "add"], summary: "Add a fault rule given as JSON (see docs/fault-rules.md).",
                options: ServerAnd<FaultRuleArgument>.self,
                run: { options, context throws(CommandExit) in
                    try send("POST", "faults", body: options.argument, options.server, context)
                }),
            CommandSpec(
                path: ["faults", "clear"], summary: "Remove every fault rule.", options: ServerOptions.self,
                run: { server, context throws(CommandExit) in try send("DELETE", "faults", server, context) }),
            CommandSpec(
                path: ["faults", "remove"], summary: "Remove one fault rule by id.",
                options: ServerAnd<FaultIDArgument>.self,
                run: { options, context throws(CommandExit) in try delete("faults", options, context) }),
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
        options: ServerAndQuery<DeliveriesQuery>.self,
        run: { options, context throws(CommandExit) in
            try send("GET", "deliveries", query: options.query, options.server, context)
        })

    static let devices = CommandSpec(
        path: ["devices"], summary: "Print the devices of a running server.", discussion: discussion,
        options: ServerAndQuery<DevicesQuery>.self,
        run: { options, context throws(CommandExit) in
            try send("GET", "devices", query: options.query, options.server, context)
        })

    /// `DELETE /__pushfake/<collection>/<id>`, the id being the command's argument (percent-encoded).
    static func delete<Positional>(
        _ collection: String, _ options: ServerAnd<Positional>, _ context: CommandContext<ServerAnd<Positional>>
    ) throws(CommandExit) {
        let id = options.argument.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? options.argument
        try send("DELETE", collection + "/" + id, options.server, context)
    }

    /// Sends one admin request to the server `server` names and prints the answer (exit 1 for an error answer).
    static func send<Options>(
        _ method: String, _ route: String, query: [(String, String)] = [], body: String? = nil,
        _ server: ServerOptions, _ context: CommandContext<Options>
    ) throws(CommandExit) {
        let client = try AdminClient(server, context)
        try client.printAnswer(try client.send(method, route, query: query, body: body))
    }
}

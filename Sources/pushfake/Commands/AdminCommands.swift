import Foundation
import PushFakeCore
import PushFakeHTTP

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
            let client = try ServerClient(options.server, context)
            try client.printAnswer(try client.send(AdminOperations.journal, options.input))
        })

    static let faults = CommandSpec(
        path: ["faults"], summary: "List, add, clear or remove the fault rules of a running server.",
        discussion: discussion + "\n\nWithout a subcommand it lists the rules.",
        options: ServerOptions.self,
        subcommands: [
            CommandSpec(
                path: ["faults", "list"], summary: "List the fault rules with their counters.",
                options: ServerOptions.self,
                run: { server, context throws(CommandExit) in try send(AdminOperations.listFaults, server, context) }),
            CommandSpec(
                path: ["faults", "add"], summary: "Add a fault rule given as JSON (see docs/fault-rules.md).",
                options: ServerAnd<FaultRuleArgument>.self,
                run: { options, context throws(CommandExit) in
                    let client = try ServerClient(options.server, context)
                    try client.printAnswer(try client.send(AdminOperations.addFault, body: options.argument))
                }),
            CommandSpec(
                path: ["faults", "clear"], summary: "Remove every fault rule.", options: ServerOptions.self,
                run: { server, context throws(CommandExit) in try send(AdminOperations.clearFaults, server, context) }),
            CommandSpec(
                path: ["faults", "remove"], summary: "Remove one fault rule by id.",
                options: ServerAnd<FaultIDArgument>.self,
                run: { options, context throws(CommandExit) in
                    try send(AdminOperations.removeFault, options.argument, options.server, context)
                }),
        ],
        run: { server, context throws(CommandExit) in try send(AdminOperations.listFaults, server, context) })

    static let reset = CommandSpec(
        path: ["reset"], summary: "Reset a running server: devices, journal, faults, clock.", discussion: discussion,
        options: ServerOptions.self,
        run: { server, context throws(CommandExit) in try send(AdminOperations.reset, server, context) })

    static let clock = CommandSpec(
        path: ["clock"], summary: "Read, advance or set the fake clock of a running server.",
        discussion: discussion, options: ClockOptions.self,
        run: { options, context throws(CommandExit) in
            let client = try ServerClient(options.server, context)
            if options.advance != nil, options.set != nil {
                throw context.usage("--advance and --set cannot be combined")
            }
            if let seconds = options.advance {
                let body = JSON.object(["advance": .double(seconds)]).serializedString()
                try client.printAnswer(try client.send(AdminOperations.setClock, body: body))
            } else if let time = options.set {
                let body = JSON.object(["set": .string(time)]).serializedString()
                try client.printAnswer(try client.send(AdminOperations.setClock, body: body))
            } else {
                try client.printAnswer(try client.send(AdminOperations.clock))
            }
        })

    static let deliveries = CommandSpec(
        path: ["deliveries"], summary: "Print the deliveries of a running server.", discussion: discussion,
        options: ServerAndQuery<DeliveriesQuery>.self,
        run: { options, context throws(CommandExit) in
            try send(AdminOperations.deliveries, options.input, options.server, context)
        })

    static let devices = CommandSpec(
        path: ["devices"], summary: "Print the devices of a running server.", discussion: discussion,
        options: ServerAndQuery<DevicesQuery>.self,
        run: { options, context throws(CommandExit) in
            try send(AdminOperations.devices, options.input, options.server, context)
        })

    /// Calls `operation` with `input` on the server `server` names and prints the answer (exit 1 for an error
    /// answer).
    static func send<Input, Output, Options>(
        _ operation: AdminOperation<Input, Output>, _ input: Input, _ server: ServerOptions,
        _ context: CommandContext<Options>
    ) throws(CommandExit) {
        let client = try ServerClient(server, context)
        try client.printAnswer(try client.send(operation, input))
    }

    /// Calls an operation without input and prints the answer.
    static func send<Output, Options>(
        _ operation: AdminOperation<Void, Output>, _ server: ServerOptions, _ context: CommandContext<Options>
    ) throws(CommandExit) {
        try send(operation, (), server, context)
    }

    /// Calls `operation` with a JSON body as given and prints the answer.
    static func send<Input, Output, Options>(
        _ operation: AdminOperation<Input, Output>, body: String, _ server: ServerOptions,
        _ context: CommandContext<Options>
    ) throws(CommandExit) {
        let client = try ServerClient(server, context)
        try client.printAnswer(try client.send(operation, body: body))
    }
}

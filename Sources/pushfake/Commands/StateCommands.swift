import Foundation
import PushFakeCore
import PushFakeHTTP

/// `pushfake state dump|load`, `pushfake instances create|list|delete`, `pushfake apps [add]`.
enum StateCommands {
    static let state = CommandSpec(
        path: ["state"], summary: "Dump or load the state of a running server (StateFormat.md).",
        options: ServerOptions.self,
        subcommands: [
            CommandSpec(
                path: ["state", "dump"], summary: "Print the state document (apps, devices, notifications, faults…).",
                options: Dump.self,
                run: { options, context throws(CommandExit) in
                    let client = try ServerClient(options.server, context)
                    let response = try client.send(AdminOperations.state)
                    guard response.status == 200 else {
                        try client.printAnswer(response)
                        return
                    }
                    if let file = options.output {
                        guard FileManager.default.createFile(atPath: file, contents: Data(response.body + [10])) else {
                            throw CommandExit(.failure, "cannot write \(file)")
                        }
                    } else {
                        try client.printAnswer(response)
                    }
                }),
            CommandSpec(
                path: ["state", "load"], summary: "Replace the state with a document, all or nothing.",
                options: ServerAnd<StateFile>.self,
                run: { options, context throws(CommandExit) in
                    let client = try ServerClient(options.server, context)
                    let text = try read(options.argument)
                    guard (try? JSON.parse(text)) != nil else {
                        throw CommandExit(.dataError, "\(options.argument) is not JSON")
                    }
                    let response = try client.send(AdminOperations.loadState, body: text)
                    guard response.status == 200 else {
                        try client.printAnswer(response)
                        return
                    }
                    print("ok: state loaded" + summary(of: response.body))
                }),
        ])

    static let instances = CommandSpec(
        path: ["instances"], summary: "Create, list or delete isolated instances of a running server.",
        options: ServerOptions.self,
        subcommands: [
            CommandSpec(
                path: ["instances", "create"],
                summary: "Create an instance; prints its id and URLs (base, admin, one per vendor).",
                options: InstanceOptions.self,
                run: { options, context throws(CommandExit) in
                    let body = try options.configuration(context).serializedString()
                    try AdminCommands.send(AdminOperations.createInstance, body: body, options.server, context)
                }),
            CommandSpec(
                path: ["instances", "list"], summary: "List the instances with their URLs.",
                options: ServerOptions.self,
                run: { server, context throws(CommandExit) in
                    try AdminCommands.send(AdminOperations.instances, server, context)
                }),
            CommandSpec(
                path: ["instances", "delete"], summary: "End an instance.",
                options: ServerAnd<InstanceIDArgument>.self,
                run: { options, context throws(CommandExit) in
                    try AdminCommands.send(AdminOperations.deleteInstance, options.argument, options.server, context)
                }),
        ])

    static let apps = CommandSpec(
        path: ["apps"], summary: "List or declare the apps of a running server.",
        discussion: "Without a subcommand it lists them.", options: ServerOptions.self,
        subcommands: [
            CommandSpec(
                path: ["apps", "add"], summary: "Declare apps; a vendor with declared apps is strict about them.",
                options: AppsOptions.self,
                run: { options, context throws(CommandExit) in
                    let body = try options.apps.json(context, vendors: .standard)
                    guard body.objectValue?.isEmpty == false else { throw context.usage("give --app vendor:app") }
                    try AdminCommands.send(
                        AdminOperations.declareApps, body: body.serializedString(), options.server, context)
                })
        ],
        run: { server, context throws(CommandExit) in try AdminCommands.send(AdminOperations.apps, server, context) })

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

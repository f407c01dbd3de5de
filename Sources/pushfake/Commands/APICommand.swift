import Foundation
import PushFakeCore
import PushFakeHTTP

/// `pushfake api [<operation>] [<name=value> …] [--body JSON|@file]`: calls any admin operation of a running
/// server by its operationId, as the server's own OpenAPI document (`GET /__pushfake/openapi.json`) describes it —
/// so an operation added to the server's table has a command line with no change here.
enum APICommand {
    static let spec = CommandSpec(
        path: ["api"], summary: "Call any admin operation of a running server by its operationId.",
        discussion: """
            Reads the server's OpenAPI document and calls the operation named (getJournal, addFault, …): each \
            name=value is one of its path or query parameters (any other is a usage error naming the known ones), \
            --body its JSON body (@file reads a file, @- stdin). Prints the answer's body; exits 0 on a 2xx answer, \
            1 on an error answer, 69 when no server answers. Without an operation it lists the server's operations.
            """,
        options: Options.self,
        run: { options, context throws(CommandExit) in try run(options, context) })

    struct Options: ParsableOptions {
        var server = ServerOptions()
        var operation: String?
        var parameters: [String] = []
        var body: String?

        static var options: [Option<Self>] {
            ServerOptions.options.within(\.server) + [
                .value("--body", \.body, "json", .text, "The JSON body, or @file (@- for stdin)")
            ]
        }

        static var arguments: [Argument<Self>] {
            [
                .optional("operation", \.operation, .text, "The operationId (getJournal, addFault, …)"),
                Argument(
                    spec: ArgumentSpec(
                        name: "name=value", help: "A path or query parameter of the operation", optional: true,
                        variadic: true),
                    apply: { options, text throws(OptionError) in options.parameters.append(text) }),
            ]
        }
    }

    /// One operation as the document describes it.
    struct Described {
        let id: String
        let method: String
        /// Under the admin prefix: `/faults/{id}`.
        let path: String
        let summary: String
        let pathParameters: [String]
        let queryParameters: [String]
        let takesBody: Bool
    }

    private static func run(_ options: Options, _ context: CommandContext<Options>) throws(CommandExit) {
        let client = try ServerClient(options.server, context)
        let answer = try client.send(AdminOperations.openAPI)
        guard answer.status == 200, let document = answer.json else {
            try client.printAnswer(answer)
            throw CommandExit(.protocolError, "\(client.url) did not answer with its OpenAPI document")
        }
        let operations = describe(document)
        guard let id = options.operation else {
            for operation in operations {
                print(
                    "\(operation.id)\t\(operation.method) \(AdminOperations.prefix)\(operation.path)\t\(operation.summary)"
                )
            }
            return
        }
        guard let operation = operations.first(where: { $0.id == id }) else {
            throw context.usage("no operation \(id); the server has \(operations.map(\.id).joined(separator: ", "))")
        }
        var parts = AdminRequestParts()
        for pair in options.parameters {
            guard let equals = pair.firstIndex(of: "="), equals != pair.startIndex else {
                throw context.usage("\(pair) is not name=value")
            }
            let name = String(pair[..<equals])
            let value = String(pair[pair.index(after: equals)...])
            if operation.pathParameters.contains(name) {
                parts.path[name] = value
            } else if operation.queryParameters.contains(name) {
                parts.query.append((name, value))
            } else {
                let known = operation.pathParameters + operation.queryParameters
                throw context.usage(
                    "\(id) has no parameter \(name)"
                        + (known.isEmpty ? "; it takes none" : "; use \(known.joined(separator: ", "))"))
            }
        }
        if let missing = operation.pathParameters.first(where: { parts.path[$0] == nil }) {
            throw context.usage("\(id) needs \(missing)=<value>")
        }
        if let body = options.body {
            guard operation.takesBody else { throw context.usage("\(id) takes no --body") }
            let text = body.hasPrefix("@") ? try StateCommands.read(String(body.dropFirst())) : body
            guard (try? JSON.parse(text)) != nil else { throw CommandExit(.dataError, "--body is not JSON") }
            parts.body = Array(text.utf8)
        }
        let request = ServerClient.request(method: operation.method, path: operation.path, parts)
        try client.printAnswer(try client.exchange(request))
    }

    /// The operations of an OpenAPI document, in its order.
    static func describe(_ document: JSON) -> [Described] {
        var operations: [Described] = []
        for path in document["paths"]?.objectValue?.members ?? [] {
            guard path.key.hasPrefix(AdminOperations.prefix) else { continue }
            let template = String(path.key.dropFirst(AdminOperations.prefix.count))
            for method in path.value.objectValue?.members ?? [] {
                guard let id = method.value["operationId"]?.stringValue else { continue }
                let parameters = method.value["parameters"]?.arrayValue ?? []
                var query: [String] = []
                for parameter in parameters where parameter["in"] == "query" {
                    // A query described as one object (`style: form`) lists its members as properties.
                    if let members = parameter["schema"]?["properties"]?.objectValue, parameter["explode"] == true {
                        query += members.keys
                    } else if let name = parameter["name"]?.stringValue {
                        query.append(name)
                    }
                }
                operations.append(
                    Described(
                        id: id, method: method.key.uppercased(), path: template,
                        summary: method.value["summary"]?.stringValue ?? "",
                        pathParameters: parameters.filter { $0["in"] == "path" }.compactMap { $0["name"]?.stringValue },
                        queryParameters: query, takesBody: method.value["requestBody"] != nil))
            }
        }
        return operations
    }
}

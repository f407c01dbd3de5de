import PushFakeCore
import PushFakeHTTP

/// `--url` and `--token`: which running server a command talks to, and its admin token. Every command that talks
/// to a server takes them (``ServerClient``).
struct ServerOptions: ParsableOptions {
    /// The server's base URL; `nil`: `$PUSHFAKE_URL`.
    var url: String?
    /// The server's `--admin-token`; `nil`: `$PUSHFAKE_ADMIN_TOKEN`.
    var token: String?

    static var options: [Option<Self>] {
        [
            .value("--url", \.url, "url", .text, "The server's URL (default: $PUSHFAKE_URL)"),
            .value("--token", \.token, "token", .text, "The server's --admin-token (default: $PUSHFAKE_ADMIN_TOKEN)"),
        ]
    }
}

/// The one positional argument of a command that talks to a server (`pushfake faults remove <id>`).
protocol ServerCommandArgument {
    /// Shown in usage as `<name>`.
    static var name: String { get }
    static var help: String { get }
    /// How its text is checked (and completed).
    static var rule: ValueRule<String> { get }
}

extension ServerCommandArgument {
    static var rule: ValueRule<String> { .text }
}

/// The server options and one required argument: `faults add <rule>`, `faults remove <id>`, `state load <file>`,
/// `instances delete <id>`.
struct ServerAnd<Positional: ServerCommandArgument>: ParsableOptions {
    var server = ServerOptions()
    var argument = ""

    static var options: [Option<Self>] { ServerOptions.options.within(\.server) }
    static var arguments: [Argument<Self>] {
        [.required(Positional.name, \.argument, Positional.rule, Positional.help)]
    }
}

/// An option of an admin command that becomes a query parameter of its request (`--since 3` → `since=3`), made
/// from the parameter's declaration in the operation's input (``AdminQuery``): the option's name is the parameter's
/// in kebab case (`redactAppKeys` → `--redact-app-keys`), its help is the declaration's, and its values are the
/// declared ones (a range, choices; a `true`/`false` parameter is a flag that sends `true`).
struct QueryOption: Sendable {
    /// The query parameter (`since`).
    let parameter: String
    let description: OptionDescription

    init(_ declared: AdminParameter, placeholder: String) {
        parameter = declared.name
        let words = declared.name.map { $0.isUppercase ? "-" + $0.lowercased() : String($0) }.joined()
        description = OptionDescription(
            name: "--" + words, placeholder: placeholder, help: declared.description, kind: Self.kind(declared.schema))
    }

    /// What values a parameter of `schema` takes on the command line.
    static func kind(_ schema: JSON) -> OptionDescription.Kind {
        if let choices = schema["enum"]?.arrayValue?.compactMap(\.stringValue) {
            return choices.sorted() == ["false", "true"] ? .flag : .choice(choices)
        }
        if schema["type"] == "integer" {
            let minimum = schema["minimum"]?.intValue ?? Int.min
            return .integer(minimum...(schema["maximum"]?.intValue ?? Int.max))
        }
        return .text
    }
}

/// The query options of one admin command, in the order of its help and its query: its operation's query
/// parameters (``AdminQuery/fields``).
protocol QueryOptionTable {
    /// The operation's query.
    associatedtype Query: AdminQuery
    static var queryOptions: [QueryOption] { get }
}

extension QueryOptionTable {
    /// Every parameter of ``Query``: those `first` names (with their placeholders) in that order, then the others
    /// in the declaration's order (placeholder: the name).
    static func derived(first: [(name: String, placeholder: String)]) -> [QueryOption] {
        let declared = Query.fields.map(\.parameter)
        var options: [QueryOption] = first.compactMap { name, placeholder in
            declared.first { $0.name == name }.map { QueryOption($0, placeholder: placeholder) }
        }
        for parameter in declared where !first.contains(where: { $0.name == parameter.name }) {
            options.append(QueryOption(parameter, placeholder: parameter.name.lowercased()))
        }
        return options
    }
}

/// The server options and the query options of `Table` (`pushfake journal`, `deliveries`, `devices`).
struct ServerAndQuery<Table: QueryOptionTable>: ParsableOptions {
    var server = ServerOptions()
    var values = DescribedValues()

    static var options: [Option<Self>] {
        ServerOptions.options.within(\.server) + Table.queryOptions.map { .described($0.description, into: \.values) }
    }

    /// The query of the admin request: each option given, in the table's order (a flag as `true`).
    var query: [(String, String)] {
        Table.queryOptions.compactMap { option in values.value(option.description).map { (option.parameter, $0.text) } }
    }

    /// The same query, typed: the operation's input.
    var input: Table.Query { Table.Query(items: query.map { (name: $0, value: $1) }) }
}

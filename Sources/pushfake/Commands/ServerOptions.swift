/// `--url` and `--token`: which running server a command talks to, and its admin token. Every command that talks
/// to a server takes them (``AdminClient``).
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

/// An option of an admin command that becomes a query parameter of its request (`--since 3` → `since=3`),
/// described as data: the option's name is the parameter's in kebab case (`redactAppKeys` → `--redact-app-keys`).
struct QueryOption: Sendable {
    /// The query parameter (`since`).
    let parameter: String
    let description: OptionDescription

    init(_ parameter: String, _ placeholder: String, _ kind: OptionDescription.Kind, _ help: String) {
        self.parameter = parameter
        let words = parameter.map { $0.isUppercase ? "-" + $0.lowercased() : String($0) }.joined()
        description = OptionDescription(name: "--" + words, placeholder: placeholder, help: help, kind: kind)
    }
}

/// The query options of one admin command, in the order of its help and its query.
protocol QueryOptionTable {
    static var queryOptions: [QueryOption] { get }
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
}

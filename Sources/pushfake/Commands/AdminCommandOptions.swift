import PushFakeCore

/// `pushfake journal`'s filters and export format: the query of `GET /__pushfake/journal`.
enum JournalQuery: QueryOptionTable {
    static let queryOptions = [
        QueryOption("format", "format", .choice(["json", "jsonl", "har"]), "json (default), jsonl or har"),
        QueryOption("vendor", "vendor", .text, "Only this vendor's requests (tpns, twinPush)"),
        QueryOption("operation", "operation", .text, "Only this operation (register, pushNotifications, …)"),
        QueryOption("app", "app", .text, "Only requests about this app"),
        QueryOption("device", "device", .text, "Only requests about this device"),
        QueryOption("status", "status", .integer(100...599), "Only answers with this status"),
        QueryOption("since", "seq", .integer(0...Int.max), "Only entries after this sequence number"),
        QueryOption("unmatched", "", .flag, "Only requests no route matched"),
        QueryOption(
            "redactAppKeys", "", .flag,
            "With jsonl or har: replace TPNS application keys by ${secret:tpns-app-key} too (tokens always are)"),
    ]
}

/// `pushfake deliveries`' filters: the query of `GET /__pushfake/deliveries`.
enum DeliveriesQuery: QueryOptionTable {
    static let queryOptions = [
        QueryOption("vendor", "vendor", .text, "Only this vendor's deliveries"),
        QueryOption("device", "device", .text, "Only deliveries to this device"),
        QueryOption("notification", "id", .text, "Only deliveries of this notification"),
        QueryOption("app", "app", .text, "Only deliveries of this app"),
    ]
}

/// `pushfake devices`' filter: the query of `GET /__pushfake/devices`.
enum DevicesQuery: QueryOptionTable {
    static let queryOptions = [QueryOption("vendor", "vendor", .text, "Only this vendor's devices")]
}

/// `pushfake faults add <rule>`.
enum FaultRuleArgument: ServerCommandArgument {
    static let name = "rule"
    static let help = #"The rule, e.g. '{"fault":{"tpnsError":-1001}}'"#
}

/// `pushfake faults remove <id>`.
enum FaultIDArgument: ServerCommandArgument {
    static let name = "id"
    static let help = "The rule's id, e.g. fault-1"
}

/// `pushfake clock`: the server, and how to move the clock (neither: read it).
struct ClockOptions: ParsableOptions {
    var server = ServerOptions()
    var advance: Double?
    var set: String?

    static var options: [Option<Self>] {
        ServerOptions.options.within(\.server) + [
            .value(
                "--advance", \.advance, "seconds", .number(in: -1e12...1e12),
                "Move the clock by this many seconds (negative moves it back)"),
            .value("--set", \.set, "time", .text, "Set the clock, e.g. 2026-02-01T00:00:00Z"),
        ]
    }
}

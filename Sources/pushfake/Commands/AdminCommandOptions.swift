import PushFakeCore
import PushFakeHTTP

/// `pushfake journal`'s filters and export format: the query of `GET /__pushfake/journal`, as its declaration
/// (``AdminOperations/journal``) says, the export format first.
enum JournalQuery: QueryOptionTable {
    typealias Query = PushFakeHTTP.JournalQuery
    static let queryOptions = derived(first: [
        ("format", "format"), ("vendor", "vendor"), ("operation", "operation"), ("app", "app"), ("device", "device"),
        ("status", "status"), ("since", "seq"), ("limit", "n"), ("unmatched", ""), ("faulted", ""),
        ("redactAppKeys", ""),
    ])
}

/// `pushfake deliveries`' filters: the query of `GET /__pushfake/deliveries`.
enum DeliveriesQuery: QueryOptionTable {
    typealias Query = PushFakeHTTP.DeliveriesQuery
    static let queryOptions = derived(first: [
        ("vendor", "vendor"), ("device", "device"), ("notification", "id"), ("app", "app"), ("since", "seq"),
        ("limit", "n"),
    ])
}

/// `pushfake devices`' filter: the query of `GET /__pushfake/devices`.
enum DevicesQuery: QueryOptionTable {
    typealias Query = VendorQuery
    static let queryOptions = derived(first: [("vendor", "vendor")])
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

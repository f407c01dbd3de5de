import PushFakeCore

/// `pushfake journal`'s options: the server, the export format and the filters of `GET /__pushfake/journal`.
struct JournalOptions: ParsableOptions {
    var server = ServerOptions()
    var format: String?
    var vendor: String?
    var operation: String?
    var app: String?
    var device: String?
    var status: Int?
    var since: Int?
    var unmatched = false
    var redactAppKeys = false

    static var options: [Option<Self>] {
        ServerOptions.options.within(\.server) + [
            .value("--format", \.format, "format", .choice(["json", "jsonl", "har"]), "json (default), jsonl or har"),
            .value("--vendor", \.vendor, "vendor", .text, "Only this vendor's requests (tpns, twinPush)"),
            .value(
                "--operation", \.operation, "operation", .text, "Only this operation (register, pushNotifications, …)"),
            .value("--app", \.app, "app", .text, "Only requests about this app"),
            .value("--device", \.device, "device", .text, "Only requests about this device"),
            .value("--status", \.status, "status", .integer(in: 100...599), "Only answers with this status"),
            .value("--since", \.since, "seq", .integer(in: 0...Int.max), "Only entries after this sequence number"),
            .flag("--unmatched", \.unmatched, "Only requests no route matched"),
            .flag(
                "--redact-app-keys", \.redactAppKeys,
                "With jsonl or har: replace TPNS application keys by ${secret:tpns-app-key} too (tokens always are)"),
        ]
    }

    /// The query of `GET /__pushfake/journal`, in the order of the options.
    var query: [(String, String)] {
        let values: [(String, String?)] = [
            ("format", format), ("vendor", vendor), ("operation", operation), ("app", app), ("device", device),
            ("status", status.map(String.init)), ("since", since.map(String.init)),
            ("unmatched", unmatched ? "true" : nil), ("redactAppKeys", redactAppKeys ? "true" : nil),
        ]
        return values.compactMap { name, value in value.map { (name, $0) } }
    }
}

/// `pushfake faults add`: the server and the rule.
struct FaultRule: ParsableOptions {
    var server = ServerOptions()
    var rule = ""

    static var options: [Option<Self>] { ServerOptions.options.within(\.server) }
    static var arguments: [Argument<Self>] {
        [.required("rule", \.rule, .text, #"The rule, e.g. '{"fault":{"tpnsError":-1001}}'"#)]
    }
}

/// `pushfake faults remove`: the server and the rule's id.
struct FaultID: ParsableOptions {
    var server = ServerOptions()
    var id = ""

    static var options: [Option<Self>] { ServerOptions.options.within(\.server) }
    static var arguments: [Argument<Self>] { [.required("id", \.id, .text, "The rule's id, e.g. fault-1")] }
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

/// `pushfake deliveries`: the server and the filters of `GET /__pushfake/deliveries`.
struct DeliveriesOptions: ParsableOptions {
    var server = ServerOptions()
    var vendor: String?
    var device: String?
    var notification: String?
    var app: String?

    static var options: [Option<Self>] {
        ServerOptions.options.within(\.server) + [
            .value("--vendor", \.vendor, "vendor", .text, "Only this vendor's deliveries"),
            .value("--device", \.device, "device", .text, "Only deliveries to this device"),
            .value("--notification", \.notification, "id", .text, "Only deliveries of this notification"),
            .value("--app", \.app, "app", .text, "Only deliveries of this app"),
        ]
    }
}

/// `pushfake devices`: the server and the vendor filter.
struct DevicesOptions: ParsableOptions {
    var server = ServerOptions()
    var vendor: String?

    static var options: [Option<Self>] {
        ServerOptions.options.within(\.server) + [
            .value("--vendor", \.vendor, "vendor", .text, "Only this vendor's devices")
        ]
    }
}

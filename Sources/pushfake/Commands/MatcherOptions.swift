import PushFakeCore

/// The matcher and count options `pushfake verify` and `pushfake wait` share. They build the admin API's JSON
/// matcher form, which the server validates (an unknown operation is answered with the valid ones).
struct MatcherOptions: ParsableOptions {
    var match: JSON?
    var vendor: String?
    var operation: String?
    var app: String?
    var device: String?
    var method: String?
    var status: Int?
    var unmatched = false
    var faulted = false
    var headers: [NameValue] = []
    var bodies: [NameValue] = []
    var count: Int?
    var atLeast: Int?
    var atMost: Int?
    var never = false

    static var options: [Option<Self>] {
        let count = ValueRule.integer(in: 0...RequestCount.largest)
        return [
            .value(
                "--match", \.match, "json", .json("a JSON object") { $0.objectValue != nil },
                #"The whole matcher as JSON, e.g. '{"vendor":"tpns","operation":"register"}'"#),
            .value("--vendor", \.vendor, "vendor", .text, "Requests of this vendor (tpns, twinPush)"),
            .value("--operation", \.operation, "operation", .text, "Requests of this operation (register, openApp, …)"),
            .value("--app", \.app, "app", .text, "Requests about this app"),
            .value("--device", \.device, "device", .text, "Requests about this device"),
            .value("--method", \.method, "method", .text, "Requests with this HTTP method"),
            .value("--status", \.status, "status", .integer(in: 100...599), "Answers with this status"),
            .flag("--unmatched", \.unmatched, "Requests no route matched"),
            .flag("--faulted", \.faulted, "Requests a fault rule applied to"),
            .value("--header", \.headers, "name=value", .nameValue, "A request header with this value"),
            .value(
                "--body", \.bodies, "path=value", .nameValue,
                "A body field (dotted path) with this value (JSON, or text)"),
            .value("--count", \.count, "n", count, "Exactly n matching requests"),
            .value("--at-least", \.atLeast, "n", count, "At least n matching requests"),
            .value("--at-most", \.atMost, "n", count, "At most n matching requests"),
            .flag("--never", \.never, "No matching request"),
        ]
    }

    /// The JSON matcher from `--match` or the single-field options (not both).
    func matcher<Options>(_ context: CommandContext<Options>) throws(CommandExit) -> JSON {
        var form = JSONObject()
        for (name, value) in [
            ("vendor", vendor), ("operation", operation), ("app", app), ("device", device), ("method", method),
        ] {
            if let value { form[name] = .string(value) }
        }
        if let status { form["status"] = .int(status) }
        if unmatched { form["unmatched"] = true }
        if faulted { form["faulted"] = true }
        if !headers.isEmpty {
            form["headers"] = .array(
                headers.map { JSON.object(["name": .string($0.name), "equals": .string($0.value)]) })
        }
        if !bodies.isEmpty {
            form["bodyFields"] = .array(
                bodies.map { body in
                    JSON.object([
                        "path": .string(body.name), "equals": (try? JSON.parse(body.value)) ?? .string(body.value),
                    ])
                })
        }
        guard let match else { return .object(form) }
        guard form.isEmpty else { throw context.usage("--match cannot be combined with the other matcher options") }
        return match
    }

    /// The JSON count from `--count`, `--at-least`, `--at-most` or `--never` (at most one), or `nil`.
    func countJSON<Options>(_ context: CommandContext<Options>) throws(CommandExit) -> JSON? {
        var counts: [JSON] = []
        if let count { counts.append(["exactly": .int(count)]) }
        if let atLeast { counts.append(["atLeast": .int(atLeast)]) }
        if let atMost { counts.append(["atMost": .int(atMost)]) }
        if never { counts.append(["never": true]) }
        guard counts.count <= 1 else {
            throw context.usage("give one of --count, --at-least, --at-most and --never")
        }
        return counts.first
    }
}

extension ValueRule where Value == JSON {
    /// JSON text that `accepts` takes; the error says it must be `what`.
    static func json(_ what: String, where accepts: @escaping (JSON) -> Bool) -> ValueRule {
        .custom { text throws(OptionError) in
            guard let json = try? JSON.parse(text), accepts(json) else {
                throw OptionError("must be \(what), not \(text)")
            }
            return json
        }
    }
}

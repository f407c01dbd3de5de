import PushFakeCore

/// The matcher and count options `pushfake verify` and `pushfake wait` share. They build the admin API's JSON
/// matcher form, which the server validates (an unknown operation is answered with the valid ones).
enum MatcherOptions {
    static let options: [OptionSpec] = [
        .value("--match", "json", #"The whole matcher as JSON, e.g. '{"vendor":"tpns","operation":"register"}'"#),
        .value("--vendor", "vendor", "Requests of this vendor (tpns, twinPush)"),
        .value("--operation", "operation", "Requests of this operation (register, openApp, …)"),
        .value("--app", "app", "Requests about this app"),
        .value("--device", "device", "Requests about this device"),
        .value("--method", "method", "Requests with this HTTP method"),
        .value("--status", "status", "Answers with this status"),
        .flag("--unmatched", "Requests no route matched"),
        .flag("--faulted", "Requests a fault rule applied to"),
        .value("--header", "name=value", "A request header with this value", repeatable: true),
        .value("--body", "path=value", "A body field (dotted path) with this value (JSON, or text)", repeatable: true),
        .value("--count", "n", "Exactly n matching requests"),
        .value("--at-least", "n", "At least n matching requests"),
        .value("--at-most", "n", "At most n matching requests"),
        .flag("--never", "No matching request"),
    ]

    /// The JSON matcher from `--match` or the single-field options (not both).
    static func matcher(_ arguments: ParsedArguments) throws(CommandExit) -> JSON {
        var form = JSONObject()
        for name in ["vendor", "operation", "app", "device", "method"] {
            if let value = arguments.string("--" + name) { form[name] = .string(value) }
        }
        if let status = try arguments.int("--status", in: 100...599) { form["status"] = .int(status) }
        if arguments.has("--unmatched") { form["unmatched"] = true }
        if arguments.has("--faulted") { form["faulted"] = true }
        let headers = try pairs(arguments, "--header").map {
            JSON.object(["name": .string($0), "equals": .string($1)])
        }
        if !headers.isEmpty { form["headers"] = .array(headers) }
        let bodies = try pairs(arguments, "--body").map { path, text in
            JSON.object(["path": .string(path), "equals": (try? JSON.parse(text)) ?? .string(text)])
        }
        if !bodies.isEmpty { form["bodyFields"] = .array(bodies) }
        guard let text = arguments.string("--match") else { return .object(form) }
        guard form.isEmpty else { throw arguments.usage("--match cannot be combined with the other matcher options") }
        guard let json = try? JSON.parse(text), json.objectValue != nil else {
            throw arguments.usage("--match must be a JSON object, not \(text)")
        }
        return json
    }

    /// The JSON count from `--count`, `--at-least`, `--at-most` or `--never` (at most one), or `nil`.
    static func count(_ arguments: ParsedArguments) throws(CommandExit) -> JSON? {
        let largest = RequestCount.largest
        var counts: [JSON] = []
        if let value = try arguments.int("--count", in: 0...largest) { counts.append(["exactly": .int(value)]) }
        if let value = try arguments.int("--at-least", in: 0...largest) { counts.append(["atLeast": .int(value)]) }
        if let value = try arguments.int("--at-most", in: 0...largest) { counts.append(["atMost": .int(value)]) }
        if arguments.has("--never") { counts.append(["never": true]) }
        guard counts.count <= 1 else {
            throw arguments.usage("give one of --count, --at-least, --at-most and --never")
        }
        return counts.first
    }

    private static func pairs(_ arguments: ParsedArguments, _ option: String) throws(CommandExit) -> [(String, String)]
    {
        var result: [(String, String)] = []
        for text in arguments.all(option) {
            guard let equals = text.firstIndex(of: "="), equals != text.startIndex else {
                throw arguments.usage("\(option) takes name=value, not \(text)")
            }
            result.append((String(text[..<equals]), String(text[text.index(after: equals)...])))
        }
        return result
    }
}

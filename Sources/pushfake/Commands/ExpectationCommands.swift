import Foundation
import PushFakeCore
import PushFakeHTTP

/// `pushfake verify` and `pushfake wait`: the Swift assertions and `waitFor`, from the shell. Exit 0 when the
/// expectation holds, 1 (with the closest miss and the journal on stderr) when it does not or the wait times out.
enum ExpectationCommands {
    static let verify = CommandSpec(
        path: ["verify"], summary: "Check the journal of a running server (exit 1 with the closest miss).",
        discussion: """
            Without --recording: how many requests match (default exactly one; --count, --at-least, --at-most, \
            --never), or with --in-order that matchers match in this order. With --recording: whether the journal \
            matches a JSON Lines recording (pushfake journal --format jsonl writes one): entries only one side has, \
            named by operation, app and device, and the differing fields with both values, the first 100 listed \
            (--max-differences) and the rest counted. With --no-delivery-problems: that no delivery has a problem, \
            nothing APNs or FCM would refuse and no warning (DeliveryChecks.md); exit 1 names each.
            """,
        options: VerifyOptions.self,
        run: { options, context throws(CommandExit) in try runVerify(options, context) })

    static let wait = CommandSpec(
        path: ["wait"], summary: "Wait until requests arrive at a running server (exit 1 on timeout).",
        discussion: """
            Answers the moment enough requests match (default at least one): the server holds the request open and \
            answers when the journal entry that completes the count is recorded — no polling.
            """,
        options: WaitOptions.self,
        run: { options, context throws(CommandExit) in
            let client = try ServerClient(options.server, context)
            var body: JSONObject = ["match": try options.matcher.matcher(context)]
            if let count = try options.matcher.countJSON(context) { body["count"] = count }
            let timeout = options.timeout
            body["timeout"] = .double(timeout)
            let response = try client.send(
                AdminOperations.wait, body: JSON.object(body).serializedString(), timeout: timeout + 30)
            try report(response)
        })

    private static func runVerify(_ options: VerifyOptions, _ context: CommandContext<VerifyOptions>)
        throws(CommandExit)
    {
        let client = try ServerClient(options.server, context)
        if options.noDeliveryProblems {
            try verifyDeliveries(options, context, client: client)
            return
        }
        guard options.ignoreProblems.isEmpty else {
            throw context.usage("--ignore-problem goes with --no-delivery-problems")
        }
        if let file = options.recording {
            guard options.inOrder == nil else {
                throw context.usage("--recording cannot be combined with --in-order")
            }
            guard let text = try? String(contentsOfFile: file, encoding: .utf8) else {
                throw CommandExit(.dataError, "cannot read the recording \(file)")
            }
            var body: JSONObject = ["recording": .string(text), "ignore": .array(options.ignore.map(JSON.string))]
            if let limit = options.maxDifferences { body["maxDifferences"] = .int(limit) }
            try report(try client.send(AdminOperations.compareRecording, body: JSON.object(body).serializedString()))
            return
        }
        guard options.ignore.isEmpty else { throw context.usage("--ignore goes with --recording") }
        guard options.maxDifferences == nil else {
            throw context.usage("--max-differences goes with --recording")
        }
        var body = JSONObject()
        if let list = options.inOrder {
            body["inOrder"] = list
        } else {
            body["match"] = try options.matcher.matcher(context)
            if let count = try options.matcher.countJSON(context) { body["count"] = count }
        }
        try report(try client.send(AdminOperations.verify, body: JSON.object(body).serializedString()))
    }

    /// `--no-delivery-problems`: the server's deliveries, each problem named (``Delivery/problemReport(_:ignoring:)``).
    private static func verifyDeliveries(
        _ options: VerifyOptions, _ context: CommandContext<VerifyOptions>, client: ServerClient
    ) throws(CommandExit) {
        let others: [PartialKeyPath<VerifyOptions>] = [\.recording, \.inOrder, \.ignore, \.maxDifferences]
        if let other = context.firstGiven(others) ?? context.firstGiven(MatcherOptions.options.within(\.matcher)) {
            throw context.usage("--no-delivery-problems cannot be combined with \(other)")
        }
        let response = try client.send(AdminOperations.deliveries, PushFakeHTTP.DeliveriesQuery())
        guard response.status == 200, let items = response.json?["deliveries"]?.arrayValue else {
            throw CommandExit(.failure, "\(response.status): \(response.json?["error"]?.stringValue ?? response.text)")
        }
        var deliveries: [Delivery] = []
        for (index, item) in items.enumerated() {
            do throws(JSONFieldError) {
                deliveries.append(try Delivery(json: item))
            } catch {
                throw CommandExit(.failure, "the server's deliveries[\(index)] cannot be read: \(error.description)")
            }
        }
        if let report = Delivery.problemReport(deliveries, ignoring: Set(options.ignoreProblems)) {
            throw CommandExit(.failure, report)
        }
        print("ok: no delivery problems in \(deliveries.count == 1 ? "1 delivery" : "\(deliveries.count) deliveries")")
    }

    /// `ok: …` on stdout for 200; the message on stderr and exit 1 for 408/409; other answers are errors.
    private static func report(_ response: AdminHTTPResponse) throws(CommandExit) {
        let json = response.json
        switch response.status {
        case 200:
            let matched = json?["matched"]?.arrayValue.map { "\($0.count) request(s) matched" } ?? "it matches"
            print("ok: \(matched)")
        case 408, 409:
            throw CommandExit(.failure, json?["message"]?.stringValue ?? response.text)
        default:
            throw CommandExit(.failure, "\(response.status): \(json?["error"]?.stringValue ?? response.text)")
        }
    }
}

import PushFakeCore

/// One pass over the recording, in order, with its own id substitutions.
struct ReplaySession: Sendable {
    let number: Int
    let recording: Recording
    let builder: RequestBuilder
    let comparison: AnswerComparison
    let transport: any ReplayTransport
    let pacer: Pacer?

    func run() async throws(ReplayError) -> [ExchangeResult] {
        var ids = IDSubstitutions()
        var results: [ExchangeResult] = []
        let unit = recording.format == .har ? "entry" : "line"
        for exchange in recording.exchanges where !exchange.method.isEmpty {
            if Task.isCancelled { break }
            let request = builder.request(for: exchange, ids: ids)
            await pacer?.waitForSlot()
            let live = try await transport.send(request)
            let differences: [FieldDifference]
            if let failure = live.failure, exchange.response.status != 0 {
                differences = [
                    FieldDifference(
                        path: "status", recorded: .int(exchange.response.status),
                        current: .string("no answer (\(failure))"))
                ]
            } else {
                if let recordedJSON = try? JSON.parse(exchange.response.body), let liveJSON = try? JSON.parse(live.body)
                {
                    ids.learn(recorded: recordedJSON, live: liveJSON)
                }
                differences = comparison.differences(exchange, live, ids: ids)
            }
            results.append(
                ExchangeResult(
                    session: number, location: "\(unit) \(exchange.index)",
                    request: "\(exchange.method) \(exchange.target)", route: RouteLabel.label(for: exchange),
                    differences: differences, latencyDrift: comparison.latencyDrift(exchange, live),
                    latency: live.latency, limit: live.limit))
        }
        return results
    }
}

import Foundation
import PushFakeCore

/// Replays a recording against a server and reports drift (RecordingFormat.md, "Replay").
///
/// ```swift
/// let recording = try Recording.parse(Array(try Data(contentsOf: harFile)))
/// let report = try await Replay.run(recording, options: ReplayOptions(baseURL: "http://127.0.0.1:8089"))
/// print(report.text(), terminator: "")
/// ```
///
/// Every request is sent in recorded order with its method, path, query, headers and body, `${secret:NAME}`
/// placeholders filled and ids learned from earlier answers substituted; each answer is compared with the recorded
/// one. With ``ReplayOptions/concurrency`` above 1 that many sessions replay the whole recording at once, each with
/// its own ids; ``ReplayOptions/rate`` paces all of them together.
public enum Replay {
    /// The `${secret:NAME}` names the recording's requests use.
    public static func requiredSecrets(_ recording: Recording) -> [String] {
        ReplaySecrets.names(in: recording)
    }

    /// Replays `recording` as `options` say.
    ///
    /// - Throws: ``ReplayError`` before anything is sent when the base URL or an option is invalid or a secret is
    ///   missing, and ``ReplayError/unreachable(url:reason:)`` as soon as a connection cannot be made.
    public static func run(_ recording: Recording, options: ReplayOptions) async throws(ReplayError) -> DriftReport {
        guard let components = URLComponents(string: options.baseURL),
            let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https",
            let host = components.host, !host.isEmpty, components.query == nil, components.fragment == nil
        else { throw ReplayError.invalidBaseURL(options.baseURL) }
        guard options.concurrency >= 1 else { throw ReplayError.invalidOption("concurrency must be at least 1") }
        if let rate = options.rate, !(rate > 0 && rate.isFinite) {
            throw ReplayError.invalidOption("rate must be a positive number of requests per second")
        }
        guard options.timeout > 0, options.timeout <= 86_400, options.latencyTolerance >= 0 else {
            throw ReplayError.invalidOption(
                "timeout must be positive and at most a day, and the latency tolerance not negative")
        }
        guard options.maximumResponseBytes >= 1 else {
            throw ReplayError.invalidOption("maximumResponseBytes must be at least 1")
        }
        let secrets = try ReplaySecrets.resolve(
            ReplaySecrets.names(in: recording), given: options.secrets, environment: options.environment)
        let transport = URLSessionTransport(
            timeout: options.timeout, maximumResponseBytes: options.maximumResponseBytes,
            connections: options.concurrency)
        defer { transport.invalidate() }
        return try await run(recording, options: options, secrets: secrets, transport: transport)
    }

    static func run(
        _ recording: Recording, options: ReplayOptions, secrets: [String: String], transport: any ReplayTransport
    ) async throws(ReplayError) -> DriftReport {
        let pacer = options.rate.map { Pacer(rate: $0) }
        let builder = RequestBuilder(base: options.baseURL, secrets: secrets)
        let comparison = AnswerComparison(options: options, secrets: secrets)
        let sessions = (1...options.concurrency).map { number in
            ReplaySession(
                number: number, recording: recording, builder: builder, comparison: comparison, transport: transport,
                pacer: pacer)
        }
        let results: [[ExchangeResult]]
        do {
            results = try await withThrowingTaskGroup(of: (Int, [ExchangeResult]).self) { group in
                for session in sessions {
                    group.addTask { (session.number, try await session.run()) }
                }
                var collected: [Int: [ExchangeResult]] = [:]
                for try await (number, sessionResults) in group { collected[number] = sessionResults }
                return sessions.map { collected[$0.number] ?? [] }
            }
        } catch let error as ReplayError {
            throw error
        } catch {
            throw ReplayError.unreachable(url: options.baseURL, reason: "\(error)")
        }
        let unit = recording.format == .har ? "entry" : "line"
        return DriftReport(
            url: options.baseURL, sessions: options.concurrency, results: results.flatMap { $0 },
            skipped: recording.exchanges.filter { $0.method.isEmpty }.map { "\(unit) \($0.index)" })
    }
}

import Foundation
import PushFakeCore

/// Compares a live answer with the recorded one (RecordingFormat.md, "Replay"): status, the compared headers, and
/// the body — field by field when both are JSON, as text otherwise — after normalising what legitimately differs.
struct AnswerComparison: Sendable {
    let ignored: [FieldPattern]
    /// Lowercased names of the compared response headers.
    let comparedHeaders: [String]
    let latencyTolerance: Double
    let secrets: [String: String]

    init(options: ReplayOptions, secrets: [String: String]) {
        ignored = options.ignoredFields.map(FieldPattern.init)
        comparedHeaders = options.comparedHeaders.map { $0.lowercased() }
        latencyTolerance = options.latencyTolerance
        self.secrets = secrets
    }

    /// The answer as compared: `{"status":…,"headers":{…},"json":…}`, or `"body"` (text) instead of `"json"` when
    /// the body is not JSON; no body key for an empty body.
    func document(status: Int, headers: HTTPHeaders, body: [UInt8]) -> JSON {
        var object: JSONObject = ["status": .int(status)]
        var compared = JSONObject()
        for name in comparedHeaders {
            if let value = headers[name] { compared[name] = .string(Self.normalizedHeader(name, value)) }
        }
        object["headers"] = .object(compared)
        if !body.isEmpty {
            if let json = try? JSON.parse(body) {
                object["json"] = json
            } else if let text = String(bytes: body, encoding: .utf8) {
                object["body"] = .string(text)
            } else {
                object["bodyBase64"] = .string(Data(body).base64EncodedString())
            }
        }
        return .object(object)
    }

    /// `Content-Type` compares without case and spaces: `application/json;charset=UTF-8` is the JSON type too.
    static func normalizedHeader(_ name: String, _ value: String) -> String {
        name == "content-type" ? value.lowercased().filter { $0 != " " } : value
    }

    /// The fields that differ, after ignored paths, learned ids and timestamps.
    func differences(_ exchange: RecordedExchange, _ live: LiveAnswer, ids: IDSubstitutions) -> [FieldDifference] {
        var recordedBody = exchange.response.body
        if let text = String(bytes: recordedBody, encoding: .utf8), text.contains(SecretPlaceholder.prefix) {
            recordedBody = Array(SecretPlaceholder.substitute(in: text, values: secrets).utf8)
        }
        let recorded = document(
            status: exchange.response.status, headers: exchange.response.headers, body: recordedBody)
        let current = document(status: live.status, headers: live.headers, body: live.body)
        return FieldDifference.between(recorded, current) { path, old, new in
            isEquivalent(path, old, new, ids: ids)
        }
    }

    func isIgnored(_ path: String) -> Bool {
        ignored.contains { $0.matches(path) }
    }

    private func isEquivalent(_ path: String, _ recorded: JSON?, _ live: JSON?, ids: IDSubstitutions) -> Bool {
        if isIgnored(path) { return true }
        switch (recorded, live) {
        case (.string(let old)?, .string(let new)?):
            return ids.apply(to: old) == new || (Timestamps.isTimestamp(old) && Timestamps.isTimestamp(new))
        case (.int(let old)?, .int(let new)?):
            return ids.live(for: String(old)) == String(new)
        default:
            return false
        }
    }

    /// The latency drift when the live answer took longer than recorded plus the tolerance.
    func latencyDrift(_ exchange: RecordedExchange, _ live: LiveAnswer) -> LatencyDrift? {
        guard !isIgnored("latency") else { return nil }
        let recorded = exchange.duration ?? 0
        guard live.latency > recorded + latencyTolerance else { return nil }
        return LatencyDrift(recorded: recorded, live: live.latency, tolerance: latencyTolerance)
    }
}

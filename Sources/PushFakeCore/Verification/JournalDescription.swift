/// Human-readable journal text for failure messages.
package enum JournalDescription {
    /// `#1 POST /TPNS/api/device/register -> 200 tpns.register app=testApp device=D1`, with the credentials the
    /// request carries replaced in its target, as recordings replace them: failure messages end up in CI logs.
    package static func line(_ entry: JournalEntry) -> String {
        let request = entry.request
        var redactor = RecordingRedactor()
        var text = "#\(entry.sequence) \(request.method) \(redactor.redact(target: request.target, of: request)) -> "
        text += entry.outcome == .responded ? String(entry.status) : entry.outcome.rawValue
        text += " " + (entry.route.map { "\($0.vendor).\($0.operation)" } ?? "unmatched")
        if let app = entry.app { text += " app=\(app)" }
        if let device = entry.device { text += " device=\(device)" }
        if let fault = entry.fault { text += " [fault \(fault.ruleID): \(fault.fault)]" }
        return text
    }

    /// The whole journal, one line per entry (or a note that it is empty).
    package static func journal(_ entries: [JournalEntry]) -> String {
        guard !entries.isEmpty else { return "journal: (empty)" }
        return "journal:\n" + entries.map { "  " + line($0) }.joined(separator: "\n")
    }

    /// The entry that fails the fewest criteria, with a field-by-field list of what differs.
    package static func closestMiss(to matcher: RequestMatcher, in entries: [JournalEntry]) -> String? {
        let candidates = entries.map { ($0, matcher.mismatches(in: $0)) }.filter { !$0.1.isEmpty }
        guard let best = candidates.min(by: { $0.1.count < $1.1.count }) else { return nil }
        return "closest miss: \(line(best.0))\n" + best.1.map { "    - \($0)" }.joined(separator: "\n")
    }
}

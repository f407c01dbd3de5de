extension Delivery {
    /// The problems that are warnings: the network takes the push, the phone would not show it as intended.
    public var warnings: [DeliveryProblem] { problems.filter { $0.severity == .warning } }

    /// Each problem of the delivery as one line, leaving out those whose code is in `ignoring`: the checks' problems,
    /// and a failed status that no rejection explains (a state document's delivery failed with another reason).
    public func problemDescriptions(ignoring codes: Set<String> = []) -> [String] {
        var lines = problems.filter { !codes.contains($0.code) }.map(\.description)
        if case .failed(let reason) = status, !problems.contains(where: { $0.severity == .rejected }),
            !codes.contains(reason)
        {
            lines.insert("failed \(reason)", at: 0)
        }
        return lines
    }

    /// A report of the deliveries that have problems (``problemDescriptions(ignoring:)``), one block per delivery
    /// naming it, its device and each problem; `nil` when none has any. What `assertNoDeliveryProblems()` and
    /// `pushfake verify --no-delivery-problems` print.
    public static func problemReport(_ deliveries: [Delivery], ignoring codes: Set<String> = []) -> String? {
        var blocks: [String] = []
        for delivery in deliveries {
            let lines = delivery.problemDescriptions(ignoring: codes)
            guard !lines.isEmpty else { continue }
            // Each line escaped: a state document's delivery may bring any text, and the report is logged.
            let head = LogText.escaped(
                "delivery \(delivery.id) to \(delivery.deviceID) (\(delivery.vendor.rawValue), \(delivery.platform.rawValue)):"
            )
            blocks.append("  \(head)\n" + lines.map { "    \(LogText.escaped($0))" }.joined(separator: "\n"))
        }
        guard !blocks.isEmpty else { return nil }
        let count = blocks.count == 1 ? "1 delivery has" : "\(blocks.count) deliveries have"
        return "\(count) problems the push networks would refuse or a phone would not show as intended "
            + "(DeliveryChecks.md):\n" + blocks.joined(separator: "\n")
    }
}

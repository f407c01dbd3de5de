/// Runs ``DeliveryRule/all`` over deliveries as vendors record them (``VendorServices/record(_:)``).
///
/// Token and size rules run for every delivery; they are cheap. Content rules parse the payload, so their verdict
/// is kept for the payload bytes last seen: a fan-out shares one payload between all its devices (TPNS, TwinPush's
/// Android payload), and pays for one parse. TwinPush's iOS payloads differ per device only in the badge number and
/// the device id, so TwinPush asks for the verdict of one representative payload instead
/// (``VendorServices/record(_:contentLike:)``).
struct DeliveryChecks: Sendable {
    /// Whether the engine pushes Apple deliveries into the Simulator, where the `simulator` rules apply.
    let simulator: Bool
    private var memo: Memo?

    private struct Memo {
        let payload: [UInt8]
        let platform: Delivery.Platform
        let apns: Delivery.APNsHeaders?
        let problems: [DeliveryProblem]
    }

    init(simulator: Bool) {
        self.simulator = simulator
    }

    /// The delivery with its problems, failed with the first rejection's code when there is one (a status the
    /// vendor already set to failed is kept).
    mutating func checked(_ delivery: Delivery, contentLike template: [UInt8]? = nil) -> Delivery {
        var problems = tokenAndSizeProblems(delivery)
        problems += contentProblems(template ?? delivery.payload, platform: delivery.platform, apns: delivery.apns)
        guard !problems.isEmpty else { return delivery }
        var delivery = delivery
        delivery.problems = problems
        if delivery.status == .delivered, let rejection = problems.first(where: { $0.severity == .rejected }) {
            delivery.status = .failed(reason: rejection.code)
        }
        return delivery
    }

    /// Every problem of a delivery, without the memo: what ``checked(_:contentLike:)`` would find.
    func problems(of delivery: Delivery) -> [DeliveryProblem] {
        tokenAndSizeProblems(delivery)
            + Self.contentProblems(delivery.payload, delivery.platform, delivery.apns, simulator: simulator)
    }

    private func tokenAndSizeProblems(_ delivery: Delivery) -> [DeliveryProblem] {
        var problems: [DeliveryProblem] = []
        for rule in DeliveryRule.all where rule.applies(to: delivery.platform, simulator: simulator) {
            switch rule.check {
            case .token(let check):
                // A vendor that records no token (`nil`) does not model tokens: nothing to check.
                if let token = delivery.token, let finding = check(token) { problems.append(rule.problem(finding)) }
            case .size(let check):
                if let finding = check(delivery.payload, delivery.apns) { problems.append(rule.problem(finding)) }
            case .content:
                continue
            }
        }
        return problems
    }

    private mutating func contentProblems(
        _ payload: [UInt8], platform: Delivery.Platform, apns: Delivery.APNsHeaders?
    ) -> [DeliveryProblem] {
        if let memo, memo.platform == platform, memo.apns == apns, memo.payload == payload { return memo.problems }
        let problems = Self.contentProblems(payload, platform, apns, simulator: simulator)
        memo = Memo(payload: payload, platform: platform, apns: apns, problems: problems)
        return problems
    }

    private static func contentProblems(
        _ payload: [UInt8], _ platform: Delivery.Platform, _ apns: Delivery.APNsHeaders?, simulator: Bool
    ) -> [DeliveryProblem] {
        let rules = DeliveryRule.all.filter { rule in
            guard case .content = rule.check else { return false }
            return rule.applies(to: platform, simulator: simulator)
        }
        guard !rules.isEmpty else { return [] }
        let content = DeliveryContent(platform: platform, payload: payload, apns: apns)
        var problems: [DeliveryProblem] = []
        for rule in rules {
            if case .content(let check) = rule.check, let finding = check(content) {
                problems.append(rule.problem(finding))
            }
        }
        return problems
    }
}

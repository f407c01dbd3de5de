/// Runs ``DeliveryRule/all`` over deliveries as vendors record them (``VendorServices/record(_:)``).
///
/// Token and size rules run for every delivery; they are cheap. Content rules parse the payload, so their verdict
/// is kept for the last few payloads seen: a fan-out shares one payload per platform between all its devices (TPNS,
/// TwinPush's Android payload), and pays for one parse per platform. TwinPush's iOS payloads differ per device only
/// in the badge number and the device id, so TwinPush asks for the verdict of one representative payload instead
/// (``VendorServices/record(_:contentLike:)``).
struct DeliveryChecks: Sendable {
    /// Whether the engine pushes Apple deliveries into the Simulator, where the `simulator` rules apply.
    let simulator: Bool
    /// The rules of each platform, in catalogue order, split by what they read.
    private let ruleSets: [RuleSet]
    /// The content verdicts of the last payloads (a fan-out alternates between platforms), replaced in turn.
    private var memos: [Memo] = []
    private var nextMemo = 0
    private static let memoCount = 4

    private struct Memo {
        let payload: [UInt8]
        let platform: Delivery.Platform
        let apns: Delivery.APNsHeaders?
        let problems: [DeliveryProblem]
    }

    /// The checks alone, with the index of their rule in ``DeliveryRule/all``: a fan-out runs them per delivery, and
    /// copying whole rules (names, sources) there would cost more than the checks.
    private struct RuleSet {
        var token: [(rule: Int, check: @Sendable (String) -> DeliveryRule.Finding?)] = []
        var size: [(rule: Int, check: @Sendable ([UInt8], Delivery.APNsHeaders?) -> DeliveryRule.Finding?)] = []
        var content: [DeliveryRule] = []
    }

    init(simulator: Bool) {
        self.simulator = simulator
        // In the order of rules(for:).
        ruleSets = [Delivery.Platform.ios, .iosSandbox, .android, .huawei].map { platform in
            var set = RuleSet()
            for (index, rule) in DeliveryRule.all.enumerated() where rule.applies(to: platform, simulator: simulator) {
                switch rule.check {
                case .token(let check): set.token.append((index, check))
                case .size(let check): set.size.append((index, check))
                case .content: set.content.append(rule)
                }
            }
            return set
        }
    }

    private func rules(for platform: Delivery.Platform) -> RuleSet {
        // Not `allCases.firstIndex(of:)`, which would build the array of cases for every delivery.
        let index: Int
        switch platform {
        case .ios: index = 0
        case .iosSandbox: index = 1
        case .android: index = 2
        case .huawei: index = 3
        }
        return ruleSets.indices.contains(index) ? ruleSets[index] : RuleSet()
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
            + Self.contentProblems(delivery.payload, delivery.platform, delivery.apns, rules(for: delivery.platform))
    }

    private func tokenAndSizeProblems(_ delivery: Delivery) -> [DeliveryProblem] {
        var problems: [DeliveryProblem] = []
        let rules = rules(for: delivery.platform)
        // A vendor that records no token (`nil`) does not model tokens: nothing to check.
        if let token = delivery.token {
            for (rule, check) in rules.token {
                if let finding = check(token) { problems.append(DeliveryRule.all[rule].problem(finding)) }
            }
        }
        for (rule, check) in rules.size {
            if let finding = check(delivery.payload, delivery.apns) {
                problems.append(DeliveryRule.all[rule].problem(finding))
            }
        }
        return problems
    }

    private mutating func contentProblems(
        _ payload: [UInt8], platform: Delivery.Platform, apns: Delivery.APNsHeaders?
    ) -> [DeliveryProblem] {
        // By index, not `for memo in memos`: a fan-out comes here once per delivery, and copying each memo out
        // (its payload, headers and problems retained) would cost more than the comparison.
        for index in memos.indices
        where memos[index].platform == platform && memos[index].payload == payload && memos[index].apns == apns {
            return memos[index].problems
        }
        let problems = Self.contentProblems(payload, platform, apns, rules(for: platform))
        let memo = Memo(payload: payload, platform: platform, apns: apns, problems: problems)
        if memos.count < Self.memoCount {
            memos.append(memo)
        } else {
            memos[nextMemo] = memo
            nextMemo = (nextMemo + 1) % Self.memoCount
        }
        return problems
    }

    private static func contentProblems(
        _ payload: [UInt8], _ platform: Delivery.Platform, _ apns: Delivery.APNsHeaders?, _ rules: RuleSet
    ) -> [DeliveryProblem] {
        guard !rules.content.isEmpty else { return [] }
        let content = DeliveryContent(platform: platform, payload: payload, apns: apns)
        var problems: [DeliveryProblem] = []
        for rule in rules.content {
            if case .content(let check) = rule.check, let finding = check(content) {
                problems.append(rule.problem(finding))
            }
        }
        return problems
    }
}

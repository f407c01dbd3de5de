/// Runs ``DeliveryRule/all`` over deliveries as vendors record them (``VendorServices/record(_:)``).
///
/// Token rules run for every delivery; they are cheap. Content rules parse the payload, so their verdict, and the
/// size rules' for the same bytes, is kept for the last few payloads seen: a fan-out shares one payload per platform
/// between all its devices (TPNS, TwinPush's Android payload), and pays for one parse per platform. TwinPush's iOS
/// payloads differ per device only in the badge number and the device id, so TwinPush asks for the content verdict
/// of one representative payload instead (``VendorServices/store(_:contentLike:)``), and the size rules read each
/// delivery's own payload.
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
        /// The content rules' findings.
        let content: [DeliveryProblem]
        /// The size rules' findings for `payload` itself: every delivery of a fan-out that shares the payload has
        /// them.
        let size: [DeliveryProblem]
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

    /// The position of a platform's rules in `ruleSets`. Rules are read in place there: copying a `RuleSet` out
    /// retains its three arrays, once per delivery of a fan-out.
    private static func ruleSetIndex(_ platform: Delivery.Platform) -> Int {
        // Not `allCases.firstIndex(of:)`, which would build the array of cases for every delivery.
        switch platform {
        case .ios: return 0
        case .iosSandbox: return 1
        case .android: return 2
        case .huawei: return 3
        }
    }

    /// Checks a delivery in place: adds its problems and fails it with the first rejection's code when there is one
    /// (a status the vendor already set to failed is kept). With `template`, the content rules' verdict is the
    /// template's (``VendorServices/store(_:contentLike:)``); the token and size rules read the delivery itself.
    mutating func check(_ delivery: inout Delivery, contentLike template: [UInt8]? = nil) {
        let index = Self.ruleSetIndex(delivery.platform)
        guard ruleSets.indices.contains(index) else { return }
        var problems = tokenProblems(delivery.token, index)
        let verdicts = memo(for: template ?? delivery.payload, platform: delivery.platform, apns: delivery.apns)
        // Appending an empty list still costs a call per delivery: most lists here are empty.
        let size = template == nil ? memos[verdicts].size : sizeProblems(delivery.payload, delivery.apns, index)
        if !size.isEmpty { problems += size }
        if !memos[verdicts].content.isEmpty { problems += memos[verdicts].content }
        guard !problems.isEmpty else { return }
        delivery.problems = problems
        if delivery.status == .delivered, let rejection = problems.first(where: { $0.severity == .rejected }) {
            delivery.status = .failed(reason: rejection.code)
        }
    }

    /// Every problem of a delivery, without the memo: what ``check(_:contentLike:)`` would find.
    func problems(of delivery: Delivery) -> [DeliveryProblem] {
        let index = Self.ruleSetIndex(delivery.platform)
        guard ruleSets.indices.contains(index) else { return [] }
        return tokenProblems(delivery.token, index) + sizeProblems(delivery.payload, delivery.apns, index)
            + Self.contentProblems(delivery.payload, delivery.platform, delivery.apns, ruleSets[index])
    }

    private func tokenProblems(_ token: String?, _ index: Int) -> [DeliveryProblem] {
        // A vendor that records no token (`nil`) does not model tokens: nothing to check.
        guard let token else { return [] }
        var problems: [DeliveryProblem] = []
        for (rule, check) in ruleSets[index].token {
            if let finding = check(token) { problems.append(DeliveryRule.all[rule].problem(finding)) }
        }
        return problems
    }

    private func sizeProblems(_ payload: [UInt8], _ apns: Delivery.APNsHeaders?, _ index: Int) -> [DeliveryProblem] {
        var problems: [DeliveryProblem] = []
        for (rule, check) in ruleSets[index].size {
            if let finding = check(payload, apns) { problems.append(DeliveryRule.all[rule].problem(finding)) }
        }
        return problems
    }

    /// The memo of `payload`'s verdicts, made when none holds them. The index is valid until the next call.
    private mutating func memo(for payload: [UInt8], platform: Delivery.Platform, apns: Delivery.APNsHeaders?) -> Int {
        // By index, not `for memo in memos`: a fan-out comes here once per delivery, and copying each memo out
        // (its payload, headers and problems retained) would cost more than the comparison.
        for index in memos.indices
        where memos[index].platform == platform && memos[index].payload == payload && memos[index].apns == apns {
            return index
        }
        let rules = Self.ruleSetIndex(platform)
        let memo = Memo(
            payload: payload, platform: platform, apns: apns,
            content: Self.contentProblems(payload, platform, apns, ruleSets[rules]),
            size: sizeProblems(payload, apns, rules))
        if memos.count < Self.memoCount {
            memos.append(memo)
            return memos.count - 1
        }
        let replaced = nextMemo
        memos[replaced] = memo
        nextMemo = (nextMemo + 1) % Self.memoCount
        return replaced
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

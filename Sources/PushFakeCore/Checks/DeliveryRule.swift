/// One thing APNs or FCM checks in what a provider sends, or one way a phone would not show a push as intended: the
/// catalogue of data behind ``Delivery/problems`` (DeliveryChecks.md), each rule citing where it comes from.
///
/// ```swift
/// DeliveryRule.all.map(\.code)        // ["MissingDeviceToken", "BadDeviceToken", …]
/// DeliveryRule.apnsBadDeviceToken.source
/// ```
public struct DeliveryRule: Sendable, CustomStringConvertible {
    /// Whose rule it is, which decides the platforms it applies to.
    public enum Network: String, Sendable, Equatable, CaseIterable {
        /// APNs: `ios` and `ios_sandbox` deliveries.
        case apns
        /// FCM: `android` deliveries (data messages).
        case fcm
        /// Huawei Push Kit: `huawei` deliveries.
        case hms
        /// `xcrun simctl push`: Apple deliveries of an engine that delivers into the Simulator
        /// (``PushFakeConfiguration/simulatorDelivery``).
        case simulator
    }

    /// What a rule reads: the token, the payload's size, or the payload's content. The checks run them in this
    /// order, and reuse a content verdict for the same payload bytes (a fan-out shares one payload).
    enum Check: Sendable {
        case token(@Sendable (_ token: String) -> Finding?)
        case size(@Sendable (_ payload: [UInt8], _ apns: Delivery.APNsHeaders?) -> Finding?)
        case content(@Sendable (_ subject: DeliveryContent) -> Finding?)

        /// A size rule: the payload, measured by `measure`, against what `limit` allows for its headers. `measure`
        /// runs only for payloads whose bytes are over the limit: no measure is larger than the bytes themselves.
        static func sizeLimit(
            _ what: String, measure: @escaping @Sendable ([UInt8]) -> Int = { $0.count },
            limit: @escaping @Sendable (Delivery.APNsHeaders?) -> Int
        ) -> Check {
            .size { payload, apns in
                let limit = limit(apns)
                guard payload.count > limit else { return nil }
                let size = measure(payload)
                guard size > limit else { return nil }
                return Finding(
                    message: "Payload of \(size) bytes exceeds the \(what) limit of \(limit) bytes",
                    limit: "\(limit) bytes", measured: "\(size) bytes")
            }
        }
    }

    /// What a failed check says about the delivery at hand.
    struct Finding {
        var message: String
        var limit: String
        var measured: String
    }

    /// A unique name, `network.rule` (`apns.badDeviceToken`).
    public let name: String
    /// Whose rule it is.
    public let network: Network
    /// Rejection (the delivery fails with ``code``) or warning.
    public let severity: DeliveryProblem.Severity
    /// The network's reason for a rejection, PushFake's name for a warning.
    public let code: String
    /// The rule in one line.
    public let summary: String
    /// Where the rule comes from: the network's document (facts, not text), for DeliveryChecks.md.
    public let source: String
    let check: Check

    /// `apns.badDeviceToken (rejected BadDeviceToken)`.
    public var description: String { "\(name) (\(severity.rawValue) \(code))" }

    /// Whether the rule applies to deliveries on `platform`, for an engine that does or does not push into the
    /// Simulator.
    public func applies(to platform: Delivery.Platform, simulator: Bool) -> Bool {
        switch network {
        case .apns: return platform.isApple
        case .fcm: return platform == .android
        case .hms: return platform == .huawei
        case .simulator: return simulator && platform.isApple
        }
    }

    /// Every rule, in the order the checks report them: per network, token rules, then size, then content
    /// (DeliveryChecks.md lists them the same way).
    public static let all: [DeliveryRule] = apns + simulator + fcm + hms

    /// What every rule finds in `delivery`, as a recorded delivery would get it: for checking a payload of your own
    /// without sending it.
    ///
    /// ```swift
    /// let delivery = Delivery(id: "1", vendor: .tpns, app: "k", notificationID: "n", deviceID: "d", platform: .ios,
    ///                         token: "not-hex", payload: Array(#"{"aps":{"alert":"Hi"}}"#.utf8), createdAt: Date())
    /// DeliveryRule.problems(of: delivery).map(\.code)  // ["BadDeviceToken"]
    /// ```
    /// - Parameters:
    ///   - delivery: the delivery to check, as a vendor would record it.
    ///   - simulator: whether the `simulator` rules apply (an engine that pushes into the Simulator).
    public static func problems(of delivery: Delivery, simulator: Bool = false) -> [DeliveryProblem] {
        DeliveryChecks(simulator: simulator).problems(of: delivery)
    }

    func problem(_ finding: Finding) -> DeliveryProblem {
        DeliveryProblem(
            severity: severity, code: code, message: finding.message, limit: finding.limit,
            measured: finding.measured)
    }
}

/// What the content rules read of one delivery: its payload parsed once, and for Apple platforms the `aps` facts
/// and the headers.
struct DeliveryContent {
    let platform: Delivery.Platform
    let payload: JSON?
    /// The headers the vendor gave, and the ones in effect (missing ones filled in, ``Delivery/APNsHeaders``).
    let explicit: Delivery.APNsHeaders
    let pushType: String
    let priority: Int
    let aps: APNsPayloadFacts

    init(platform: Delivery.Platform, payload bytes: [UInt8], apns: Delivery.APNsHeaders?) {
        self.platform = platform
        payload = try? JSON.parse(bytes)
        explicit = apns ?? Delivery.APNsHeaders()
        aps = APNsPayloadFacts(platform.isApple ? payload : nil)
        (pushType, priority) = explicit.effective(for: aps)
    }
}

extension DeliveryRule {
    /// A rule of the catalogue: `DeliveryRule("apns.badPriority", .apns, .rejected, code: …)`. (In an extension, so
    /// that the memberwise initializer stays.)
    init(
        _ name: String, _ network: Network, _ severity: DeliveryProblem.Severity, code: String, summary: String,
        source: String, check: Check
    ) {
        self.init(
            name: name, network: network, severity: severity, code: code, summary: summary, source: source,
            check: check)
    }

    /// A rejection of an empty token, `the device token is empty`: the same rule for each network, by the name its
    /// network gives the token.
    static func emptyToken(_ name: String, _ network: Network, code: String, token: String, source: String) -> Self {
        DeliveryRule(
            name, network, .rejected, code: code, summary: "the \(token) is empty", source: source,
            check: .token { value in
                value.isEmpty ? Finding(message: "the \(token) is empty", limit: "a token", measured: "\"\"") : nil
            })
    }
}

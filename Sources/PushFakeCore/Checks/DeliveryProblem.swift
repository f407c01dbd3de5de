/// Something the push networks' checks found in a delivery: what APNs or FCM would refuse, or what a phone would not
/// show as intended (DeliveryChecks.md).
///
/// ```swift
/// for problem in fake.deliveries.flatMap(\.problems) {
///     print(problem)  // rejected BadDeviceToken: … (limit: …; measured: …)
/// }
/// ```
public struct DeliveryProblem: Sendable, Equatable, CustomStringConvertible {
    /// Whether the network refuses the delivery or takes it.
    public enum Severity: String, Sendable, Equatable, CaseIterable {
        /// The network would refuse the push: the delivery is `failed` with the problem's ``DeliveryProblem/code``.
        case rejected
        /// The network would take the push, but the phone would not show it as intended.
        case warning
    }

    /// Rejected or warning.
    public let severity: Severity
    /// For a rejection the network's own reason (`BadDeviceToken`, `MessageTooBig`); for a warning PushFake's name
    /// for it (`NoVisibleAlert`, `SimulatorNoServiceExtension`). ``DeliveryRule/all`` lists them.
    public let code: String
    /// What is wrong, in a sentence.
    public let message: String
    /// What the rule allows, such as `4096 bytes`.
    public let limit: String
    /// What the delivery has, such as `5012 bytes`.
    public let measured: String

    /// A problem as a check reports it.
    public init(severity: Severity, code: String, message: String, limit: String, measured: String) {
        self.severity = severity
        self.code = code
        self.message = message
        self.limit = limit
        self.measured = measured
    }

    /// `rejected BadDeviceToken: <message> (limit: <limit>; measured: <measured>)`.
    public var description: String {
        "\(severity.rawValue) \(code): \(message) (limit: \(limit); measured: \(measured))"
    }
}

extension DeliveryProblem {
    /// `{"severity","code","message","limit","measured"}`, the form of the admin API, state documents and events.
    public var jsonValue: JSON {
        [
            "severity": .string(severity.rawValue), "code": .string(code), "message": .string(message),
            "limit": .string(limit), "measured": .string(measured),
        ]
    }

    /// Reads ``jsonValue`` back; every member is required.
    /// - Throws: ``JSONFieldError`` naming the member and what it must be.
    public init(json: JSON, path: String = "") throws(JSONFieldError) {
        let fields = try JSONFields(
            json, path: path, allowed: ["severity", "code", "message", "limit", "measured"])
        let name = try fields.requiredString("severity")
        guard let severity = Severity(rawValue: name) else {
            throw fields.failure(
                "severity", "must be \(JSONFields.list(Severity.allCases.map(\.rawValue))), not \"\(name)\"")
        }
        self.init(
            severity: severity, code: try fields.requiredString("code"),
            message: try fields.requiredString("message", nonEmpty: false),
            limit: try fields.requiredString("limit", nonEmpty: false),
            measured: try fields.requiredString("measured", nonEmpty: false))
    }
}

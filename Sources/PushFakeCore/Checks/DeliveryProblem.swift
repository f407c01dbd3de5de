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
    public internal(set) var severity: Severity
    /// For a rejection the network's own reason (`BadDeviceToken`, `MessageTooBig`); for a warning PushFake's name
    /// for it (`NoVisibleAlert`, `SimulatorNoServiceExtension`). ``DeliveryRule/all`` lists them.
    public internal(set) var code: String
    /// What is wrong, in a sentence.
    public internal(set) var message: String
    /// What the rule allows, such as `4096 bytes`.
    public internal(set) var limit: String
    /// What the delivery has, such as `5012 bytes`.
    public internal(set) var measured: String

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
    /// Reads ``jsonValue`` back (``wire``); every member is required.
    /// - Throws: ``JSONFieldError`` naming the member and what it must be.
    public init(json: JSON, path: String = "") throws(JSONFieldError) {
        self = try Self.wire.read(json, path: path)
    }
}

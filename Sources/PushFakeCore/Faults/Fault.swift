/// What a fault rule does to a request it matches.
///
/// Extensible set of static members:
/// ```swift
/// fake.inject(.tpnsError(.registrationIsAlreadyInProgress), when: .tpns(.register))
/// fake.inject(.status(503), when: .twinPush(.updateBadge), scope: .once)
/// fake.inject(.delay(2), when: .any)
/// fake.inject(.dropConnection, when: .tpns(.pushNotifications))
/// ```
public struct Fault: Sendable, Equatable, CustomStringConvertible {
    enum Kind: Sendable, Equatable {
        /// Handle normally (used with a delay).
        case none
        case tpnsError(TPNSErrorCode)
        case twinPushError(TwinPushErrorType, message: String?)
        case status(Int, body: JSON?)
        case dropConnection
        case dropResponse
        case malformedBody
    }

    let kind: Kind
    /// Seconds the transport waits before answering (or dropping).
    public let delay: Double

    init(kind: Kind, delay: Double = 0) {
        self.kind = kind
        self.delay = max(0, delay)
    }

    /// Answer with a TPNS error (-1000 → 404, -1001 / -1002 → 409), body as FakeBehaviour.md describes.
    public static func tpnsError(_ code: TPNSErrorCode) -> Fault { Fault(kind: .tpnsError(code)) }

    /// Answer with a TwinPush error in the vendor shape, with the status the catalogue gives the type.
    public static func twinPushError(_ type: TwinPushErrorType, message: String? = nil) -> Fault {
        Fault(kind: .twinPushError(type, message: message))
    }

    /// Answer with this status. Without a body, the body is the vendor's error shape for the status.
    public static func status(_ status: Int, body: JSON? = nil) -> Fault { Fault(kind: .status(status, body: body)) }

    /// Handle normally, but answer after `seconds`.
    public static func delay(_ seconds: Double) -> Fault { Fault(kind: .none, delay: seconds) }

    /// Close the connection without handling the request (the store does not change).
    public static var dropConnection: Fault { Fault(kind: .dropConnection) }

    /// Handle the request (the store changes), then close the connection without answering: the lost-response case.
    public static var dropResponse: Fault { Fault(kind: .dropResponse) }

    /// Handle the request, then answer with its status and the first half of its body: JSON a client cannot parse.
    public static var malformedBody: Fault { Fault(kind: .malformedBody) }

    /// The same fault, applied after waiting `seconds`.
    public func delayed(by seconds: Double) -> Fault { Fault(kind: kind, delay: seconds) }

    /// Whether the vendor handler runs (and the store changes) under this fault.
    var runsHandler: Bool {
        switch kind {
        case .none, .dropResponse, .malformedBody: return true
        case .tpnsError, .twinPushError, .status, .dropConnection: return false
        }
    }

    /// A short phrase for journals and failure messages, e.g. `HTTP 503 after 2.0s`.
    public var description: String {
        let base: String
        switch kind {
        case .none: base = "handle normally"
        case .tpnsError(let code): base = "TPNS error \(code.rawValue) (\(code.name))"
        case .twinPushError(let type, _): base = "TwinPush error \(type.rawValue)"
        case .status(let status, _): base = "HTTP \(status)"
        case .dropConnection: base = "drop connection"
        case .dropResponse: base = "drop response after handling"
        case .malformedBody: base = "malformed body"
        }
        return delay > 0 ? "\(base) after \(delay)s" : base
    }
}

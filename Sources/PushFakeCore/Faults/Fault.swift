/// What a fault rule does to a request it matches.
///
/// Extensible set of static members; vendors add their own errors (``vendorError(_:)``):
/// ```swift
/// fake.inject(.status(503), when: .vendor(vendor).operation(.register), scope: .once)
/// fake.inject(.delay(2), when: .any)
/// fake.inject(.dropConnection, when: .vendor(vendor))
/// ```
/// Numbers are kept in the ranges the JSON form accepts (FakeBehaviour.md, Faults): a status outside
/// ``statusRange`` is moved to its nearer end, a delay into 0…``maximumDelay`` seconds (NaN: no delay), so no
/// rule can put a 1xx or a five-digit status on the wire or hold a connection for longer than a day.
public struct Fault: Sendable, Equatable, CustomStringConvertible {
    enum Kind: Sendable, Equatable {
        /// Handle normally (used with a delay).
        case none
        case vendorError(VendorError)
        case status(Int, body: JSON?)
        case dropConnection
        case dropResponse
        case malformedBody
    }

    let kind: Kind
    /// Seconds the transport waits before answering (or dropping), 0…``maximumDelay``.
    public let delay: Double

    /// The statuses an injected status may have: 200…599. A 1xx would make the client take the next answer for
    /// this request's; anything else is not HTTP.
    public static let statusRange = 200...599
    /// The longest delay, in seconds: one day. Longer holds no test needs, and a day keeps every transport's
    /// timer arithmetic far from overflow; recordings read `delay` with the same bound (RecordingFormat.md).
    public static let maximumDelay: Double = 86_400

    init(kind: Kind, delay: Double = 0) {
        if case .status(let status, let body) = kind {
            self.kind = .status(Self.clampedStatus(status), body: body)
        } else {
            self.kind = kind
        }
        self.delay = Self.clampedDelay(delay)
    }

    static func clampedStatus(_ status: Int) -> Int {
        min(max(status, statusRange.lowerBound), statusRange.upperBound)
    }

    static func clampedDelay(_ seconds: Double) -> Double {
        seconds.isNaN ? 0 : min(max(seconds, 0), maximumDelay)
    }

    /// Answer with an error in a vendor's vocabulary, exactly as the vendor made it; the handler does not run.
    public static func vendorError(_ error: VendorError) -> Fault { Fault(kind: .vendorError(error)) }

    /// Answer with this status (moved into ``statusRange``). Without a body, the body is the vendor's error shape for
    /// the status.
    public static func status(_ status: Int, body: JSON? = nil) -> Fault { Fault(kind: .status(status, body: body)) }

    /// Handle normally, but answer after `seconds` (0…``maximumDelay``).
    public static func delay(_ seconds: Double) -> Fault { Fault(kind: .none, delay: seconds) }

    /// Close the connection without handling the request (the store does not change).
    public static var dropConnection: Fault { Fault(kind: .dropConnection) }

    /// Handle the request (the store changes), then close the connection without answering: the lost-response case.
    public static var dropResponse: Fault { Fault(kind: .dropResponse) }

    /// Handle the request, then answer with its status and the first half of its body: JSON a client cannot parse.
    public static var malformedBody: Fault { Fault(kind: .malformedBody) }

    /// The same fault, applied after waiting `seconds` (0…``maximumDelay``).
    public func delayed(by seconds: Double) -> Fault { Fault(kind: kind, delay: seconds) }

    /// Whether the vendor handler runs (and the store changes) under this fault.
    var runsHandler: Bool {
        switch kind {
        case .none, .dropResponse, .malformedBody: return true
        case .vendorError, .status, .dropConnection: return false
        }
    }

    /// A short phrase for journals and failure messages, e.g. `HTTP 503 after 2.0s`.
    public var description: String {
        let base: String
        switch kind {
        case .none: base = "handle normally"
        case .vendorError(let error): base = error.description
        case .status(let status, _): base = "HTTP \(status)"
        case .dropConnection: base = "drop connection"
        case .dropResponse: base = "drop response after handling"
        case .malformedBody: base = "malformed body"
        }
        return delay > 0 ? "\(base) after \(delay)s" : base
    }
}

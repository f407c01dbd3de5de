import PushFakeHTTP1

/// The engine's answer to one request, with what the transport must do around it.
public struct Exchange: Sendable {
    /// What the transport does once any delay has passed.
    public enum Action: Sendable, Equatable {
        /// Send ``Exchange/response``.
        case respond
        /// Close the connection (or fail the URL load) without a response.
        case dropConnection
    }

    /// The response to send, already journaled; ignored when ``action`` drops the connection.
    public let response: FakeResponse
    /// Whether to respond or drop the connection, after ``delay``.
    public let action: Action
    /// Seconds to wait before acting: 0…``Fault/maximumDelay``.
    public let delay: Double
    /// The journal sequence number of this request.
    public let sequence: Int
    /// The operation, or `nil` when no route matched.
    public let route: RouteMatch?
    /// The fault rule that applied, if any (the journal entry has it too).
    public let fault: AppliedFault?
    /// The answer's `Date` (RFC 9110 §6.6.1): the engine's clock when it handled the request, which is also the
    /// journal entry's `time`. Transports write it; the journal does not keep it (FakeBehaviour.md, "HTTP").
    package let httpDate: HTTP1Date

    /// The same exchange with another delay (a transport that times out first shortens it), kept within
    /// 0…``Fault/maximumDelay`` seconds like every fault's delay.
    public func withDelay(_ seconds: Double) -> Exchange {
        Exchange(
            response: response, action: action, delay: Fault.clampedDelay(seconds), sequence: sequence, route: route,
            fault: fault, httpDate: httpDate)
    }

    /// `tpns.register`, `twinPush.updateBadge`, or `unmatched`: for logs.
    public var label: String {
        route.map { "\($0.vendor).\($0.operation)" } ?? "unmatched"
    }
}

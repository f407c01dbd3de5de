import Foundation

/// One request the engine saw, what it did with it, and what it answered.
///
/// Entries keep the raw request bytes; ``body`` parses them on demand.
public struct JournalEntry: Sendable, Equatable {
    /// What happened on the wire after the engine answered.
    public enum Outcome: String, Sendable, Equatable {
        /// The response was sent (possibly after a delay).
        case responded
        /// The connection was closed without handling the request (fault `dropConnection`).
        case dropped
        /// The request was handled, then the connection closed without a response (fault `dropResponse`).
        case droppedAfterHandling
    }

    /// 1, 2, 3, … in the order the engine saw requests.
    public let sequence: Int
    /// Fake-clock time when the engine handled the request.
    public let time: Date
    /// The request as the transport delivered it, raw body included.
    public let request: FakeRequest
    /// The operation, or `nil` for an unmatched request (unknown route or method).
    public let route: RouteMatch?
    /// The vendor whose prefix the path is under (set for unmatched requests too).
    public let vendor: Vendor?
    /// The app key / app id and device id the request was about, when the vendor handler could tell.
    public let app: String?
    /// The device id the request was about, as its vendor names devices; `nil` when there is none.
    public let device: String?
    /// The fault rule that applied, if any.
    public let fault: AppliedFault?
    /// What the engine answered. After a drop nothing was sent: `dropResponse` keeps the handler's answer,
    /// `dropConnection` records status 0 with no body.
    public let response: FakeResponse
    /// Whether the response was sent or the connection dropped.
    public let outcome: Outcome
    /// Transport delay applied before answering, in seconds.
    public let delay: Double
    /// Ids of the deliveries this request caused, in order.
    public let deliveryIDs: [String]
    /// Facts the handler recorded ("device was not known", "app auto-provisioned", …).
    public let notes: [String]

    /// `true` when no route matched: an unknown path or method, or malformed HTTP.
    public var isUnmatched: Bool { route == nil }
    /// The matched route's operation; `nil` when unmatched.
    public var operation: Operation? { route?.operation }
    /// The response status; check ``outcome`` before assuming the client saw it.
    public var status: Int { response.status }

    /// The request body as JSON, or `nil` when it is empty or not JSON.
    public var body: JSON? {
        guard !request.body.isEmpty else { return nil }
        return try? JSON.parse(request.body)
    }

    /// The response body as JSON, or `nil` when it is not JSON.
    public var responseBody: JSON? { try? JSON.parse(response.body) }
}

/// The fault rule that shaped an exchange.
public struct AppliedFault: Sendable, Equatable {
    /// The id of the rule that applied, as ``PushFake/inject(_:when:scope:)`` returned it.
    public let ruleID: String
    /// The fault as it was when applied (the rule may since have been removed).
    public let fault: Fault
}

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
    public let request: FakeRequest
    /// The operation, or `nil` for an unmatched request (unknown route or method).
    public let route: RouteMatch?
    /// The vendor whose prefix the path is under (set for unmatched requests too).
    public let vendor: Vendor?
    /// The app key / app id and device id the request was about, when the vendor handler could tell.
    public let app: String?
    public let device: String?
    /// The fault rule that applied, if any.
    public let fault: AppliedFault?
    public let response: FakeResponse
    public let outcome: Outcome
    /// Transport delay applied before answering, in seconds.
    public let delay: Double
    /// Ids of the deliveries this request caused, in order.
    public let deliveryIDs: [String]
    /// Facts the handler recorded ("device was not known", "app auto-provisioned", …).
    public let notes: [String]

    public var isUnmatched: Bool { route == nil }
    public var operation: Operation? { route?.operation }
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
    public let ruleID: String
    public let fault: Fault
}

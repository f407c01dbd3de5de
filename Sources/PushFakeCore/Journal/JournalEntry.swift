import Foundation

/// One request the engine saw, what it did with it, and what it answered.
///
/// An entry keeps the raw request and response bytes once, in one compact array (Performance.md, "Journal cost");
/// ``request``, ``response``, ``route`` and the rest are rebuilt from them each time you read them, and ``body``
/// parses the request body on demand. Read a property once into a local when you use it many times.
public struct JournalEntry: Sendable {
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
    /// The request, response and string fields (``JournalEntryLayout``).
    let bytes: [UInt8]
    /// The applied fault and the deliveries caused, for the few entries that have either.
    let extras: JournalEntryExtras?
    let statusCode: Int32
    let flags: Flags
    /// Where ``JournalEntrySubject``'s parts start in ``bytes``; 0 when that is beyond 65,535 (a large body), and
    /// they are found by walking the request and response.
    let subjectStart: UInt16

    /// `true` when no route matched: an unknown path or method, or malformed HTTP.
    public var isUnmatched: Bool { !flags.contains(.route) }
    /// The matched route's operation; `nil` when unmatched.
    public var operation: Operation? {
        guard let text = subject.operation else { return nil }
        return Operation(text.string(in: bytes))
    }
    /// The response status; check ``outcome`` before assuming the client saw it.
    public var status: Int {
        guard flags.contains(.wideStatus), let position = subject.wideStatus else { return Int(statusCode) }
        var reader = JournalEntryReader(bytes, at: position)
        return Int(truncatingIfNeeded: reader.fixed())
    }

    /// The request body as JSON, or `nil` when it is empty or not JSON.
    public var body: JSON? {
        let range = layout.requestBody
        guard !range.isEmpty else { return nil }
        return try? JSON.parse(bytes[range])
    }

    /// The response body as JSON, or `nil` when it is not JSON.
    public var responseBody: JSON? { try? JSON.parse(responseBodyBytes) }

    /// The request body's bytes as received, without copying them out.
    var requestBodyBytes: ArraySlice<UInt8> { bytes[layout.requestBody] }
    /// The response body's bytes, without copying them out unless its first bytes are shared
    /// (``JournalEntryLayout/responsePrefix``).
    var responseBodyBytes: ArraySlice<UInt8> {
        let layout = self.layout
        guard let (code, length) = layout.responsePrefix else { return bytes[layout.responseBody] }
        var body = Array(JournalStrings.shared.string(code).utf8.prefix(length))
        body.append(contentsOf: bytes[layout.responseBody])
        return body[...]
    }

    var layout: JournalEntryLayout { JournalEntryLayout(bytes, flags: flags) }

    var subject: JournalEntrySubject {
        subjectStart == 0
            ? layout.subject : JournalEntrySubject(bytes, flags: flags, at: Int(subjectStart))
    }
}

/// The fault rule that shaped an exchange.
public struct AppliedFault: Sendable, Equatable {
    /// The id of the rule that applied, as ``PushFake/inject(_:when:scope:)`` returned it.
    public let ruleID: String
    /// The fault as it was when applied (the rule may since have been removed).
    public let fault: Fault
}

/// What few entries have, behind one reference that is `nil` for the rest: a register is journaled with none.
final class JournalEntryExtras: Sendable {
    let fault: AppliedFault?
    let deliveryIDs: [String]
    /// Notes about the deliveries added after the entry was journaled: the only part of an entry that changes, and
    /// only ever grows (every snapshot holding the entry sees them).
    let laterNotes = Locked<[String]>([])
    let proxied: ProxiedExchange?

    init(fault: AppliedFault?, deliveryIDs: [String], proxied: ProxiedExchange? = nil) {
        self.fault = fault
        self.deliveryIDs = deliveryIDs
        self.proxied = proxied
    }
}

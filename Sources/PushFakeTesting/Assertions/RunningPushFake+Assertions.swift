import Foundation
import PushFakeCore

extension RunningPushFake {
    /// Asserts how many journal entries match; on failure prints the closest miss and the journal.
    ///
    /// ```swift
    /// fake.assertRequested(.tpns(.register).app("testApp"))          // exactly once
    /// fake.assertRequested(.twinPush(.openApp), count: .atLeast(1))
    /// fake.assertRequested(.tpns(.unregister), count: .never)
    /// ```
    /// - Parameter journal: a journal read before, such as the one ``currentJournal()`` fetches without blocking;
    ///   `nil` reads the journal now. The other assertions take it the same way.
    /// - Returns: the matching entries.
    @discardableResult
    public func assertRequested(
        _ matcher: RequestMatcher, count: RequestCount = .once, in journal: Journal? = nil,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> [JournalEntry] {
        let result = Verification.count(matcher, count, in: (journal ?? backend.journal()).entries)
        verified.withLock { $0.formUnion(result.matched.map(\.sequence)) }
        if let failure = result.failure {
            FailureReporter.fail(failure, at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
        }
        return result.matched
    }

    /// Asserts that entries matching each matcher appear in this order (other entries may come between), in
    /// `journal` (a journal read before, ``currentJournal()``) or, when `nil`, the journal now.
    public func assertInOrder(
        _ matchers: [RequestMatcher], in journal: Journal? = nil,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        let result = Verification.inOrder(matchers, in: (journal ?? backend.journal()).entries)
        if let failure = result.failure {
            FailureReporter.fail(failure, at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
            return
        }
        verified.withLock { $0.formUnion(result.matched.map(\.sequence)) }
    }

    /// Asserts that every journal entry was accounted for by an earlier `assertRequested` / `assertInOrder`, in
    /// `journal` (a journal read before, ``currentJournal()``) or, when `nil`, the journal now.
    public func assertNoOtherRequests(
        in journal: Journal? = nil,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        let all = (journal ?? backend.journal()).entries
        let seen = verified.withLock { $0 }
        let others = all.filter { !seen.contains($0.sequence) }
        guard !others.isEmpty else { return }
        let message =
            "\(others.count) request(s) not covered by an assertion:\n"
            + others.map { "  " + JournalDescription.line($0) }.joined(separator: "\n")
        FailureReporter.fail(message, at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Asserts that every request matched a route (strict `withPushFake` runs this at the end), in `journal` (a
    /// journal read before, ``currentJournal()``) or, when `nil`, the journal now.
    public func assertNoUnmatchedRequests(
        in journal: Journal? = nil,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        let unmatched = (journal ?? backend.journal()).entries.filter(\.isUnmatched)
        guard !unmatched.isEmpty else { return }
        // Built in parts: Swift 6.0 cannot type-check the one-expression form in reasonable time.
        let requests = unmatched.map { "  \(JournalDescription.line($0)) \($0.notes.first ?? "")" }
        let routes = backend.vendors.allRoutes.map { "  \($0)" }
        let message =
            "\(unmatched.count) request(s) matched no route (wrong base URL or path?):\n"
            + requests.joined(separator: "\n") + "\nknown routes:\n" + routes.joined(separator: "\n")
        FailureReporter.fail(message, at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Asserts that the device received a delivered payload containing `expected` (a JSON subset: every key and
    /// array element of `expected` must be in the payload).
    ///
    /// ```swift
    /// fake.assertDelivered(["aps": ["alert": "Test"]], to: deviceID)
    /// ```
    @discardableResult
    public func assertDelivered(
        _ expected: JSON, to deviceID: String, vendor: Vendor? = nil,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> Delivery? {
        let received = backend.deliveries(to: deviceID, vendor: vendor)
        if let match = received.first(where: {
            $0.status == .delivered && ($0.payloadJSON.map { expected.isSubset(of: $0) } ?? false)
        }) {
            return match
        }
        var message = "expected a delivery to \(deviceID) containing \(expected)"
        if received.isEmpty {
            message += "; the device received nothing"
            // Every delivery is read only to say where they went, once the assertion has failed.
            let others = Set(backend.deliveries().map(\.deviceID)).sorted()
            if !others.isEmpty { message += " (deliveries went to: \(others.joined(separator: ", ")))" }
        } else {
            message +=
                "; it received:\n"
                + received.map { "  \($0.id) [\($0.status)] \($0.payloadString)" }.joined(separator: "\n")
        }
        FailureReporter.fail(message, at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
        return nil
    }
}

extension JSON {
    /// Whether every member of `self` is in `other` (objects by key, recursively; arrays element-wise in order).
    public func isSubset(of other: JSON) -> Bool {
        switch (self, other) {
        case (.object(let expected), .object(let actual)):
            return expected.members.allSatisfy { member in
                actual[member.key].map { member.value.isSubset(of: $0) } ?? false
            }
        case (.array(let expected), .array(let actual)):
            return expected.count <= actual.count && zip(expected, actual).allSatisfy { $0.isSubset(of: $1) }
        case (.int, .double), (.double, .int):
            return doubleValue == other.doubleValue
        default:
            return self == other
        }
    }
}

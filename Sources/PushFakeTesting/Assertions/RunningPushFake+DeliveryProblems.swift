import Foundation
import PushFakeCore

extension RunningPushFake {
    /// Asserts that no delivery so far has a problem: nothing APNs or FCM would refuse (a failed delivery such as
    /// `BadDeviceToken` or `PayloadTooLarge`), and no warning that a phone would not show a push as intended
    /// (`NoVisibleAlert`, `SimulatorNoServiceExtension`, …; DeliveryChecks.md). On failure it names each delivery,
    /// its device and every problem, at the caller's line.
    ///
    /// ```swift
    /// try await backend.sendOrderShipped(to: "user-42")
    /// fake.assertNoDeliveryProblems()
    /// fake.assertNoDeliveryProblems(ignoring: ["SimulatorNoServiceExtension"])
    /// ```
    /// - Parameter codes: problem codes (and failure reasons) to let pass.
    /// - Returns: the deliveries with problems that were not ignored (empty when the assertion holds).
    @discardableResult
    public func assertNoDeliveryProblems(
        ignoring codes: Set<String> = [],
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> [Delivery] {
        let deliveries = backend.deliveries()
        guard let report = Delivery.problemReport(deliveries, ignoring: codes) else { return [] }
        FailureReporter.fail(report, at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
        return deliveries.filter { !$0.problemDescriptions(ignoring: codes).isEmpty }
    }
}

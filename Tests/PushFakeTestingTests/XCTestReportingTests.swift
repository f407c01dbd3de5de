import Foundation
import PushFakeCore
import PushFakeTesting
import XCTest

/// The XCTest side of failure reporting: messages captured through `FailureReporter.capture`, since
/// `XCTExpectFailure` does not exist in swift-corelibs-xctest.
final class XCTestReportingTests: XCTestCase {
    func test_assertRequested_reportsMessage_whenRunUnderXCTest() async throws {
        let messages = Locked<[String]>([])
        try await withPushFake(.urlProtocol) { fake in
            FailureReporter.$capture.withValue({ message in messages.withLock { $0.append(message) } }) {
                fake.assertRequested(.twinPush(.register))
            }
        }
        let text = try XCTUnwrap(messages.withLock { $0.first })
        XCTAssertTrue(
            text.hasPrefix("expected exactly 1 request(s) matching vendor=twinPush, operation=register; 0 matched"))
        XCTAssertTrue(text.hasSuffix("journal: (empty)"))
    }
}

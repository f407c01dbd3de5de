import Foundation
import PushFakeCore
import PushFakeTesting
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

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

    func test_assertNoDeliveryProblems_reportsEachProblem_whenRunUnderXCTest() async throws {
        let messages = Locked<[String]>([])
        try await withPushFake(.live, strict: false) { fake in
            var request = URLRequest(url: fake.tpnsBaseURL.appendingPathComponent("api/device/register"))
            request.httpMethod = "POST"
            request.httpBody = Data(
                #"{"deviceId":"A1","deviceRegistrationId":"fcm token","applicationKey":"k","applicationType":"AOS"}"#
                    .utf8)
            _ = try await fake.makeURLSession().data(for: request)
            request.url = fake.tpnsBaseURL.appendingPathComponent("api/pushnotifications")
            request.httpBody = Data(
                #"[{"message":"Hi","handlingLevel":1,"applicationKey":"k","applicationTypes":["AOS"]}]"#.utf8)
            _ = try await fake.makeURLSession().data(for: request)
            FailureReporter.$capture.withValue({ message in messages.withLock { $0.append(message) } }) {
                fake.assertNoDeliveryProblems()
            }
        }
        let text = try XCTUnwrap(messages.withLock { $0.first })
        XCTAssertTrue(text.contains("delivery 3000000000000001 to A1 (tpns, android):"), text)
        XCTAssertTrue(text.contains(#"rejected InvalidRegistration: the registration token contains " ""#), text)
    }
}

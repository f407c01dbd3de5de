import Foundation
import PushFakeCore
import PushFakeTesting
import Testing

/// `assertNoDeliveryProblems()` (DeliveryChecks.md) on every transport: it passes for deliveries the networks take,
/// and names each delivery and problem, at the caller's line, for those they refuse or warn about.
@Suite struct DeliveryProblemAssertionTests {
    /// Registers a TPNS iOS device with `token` and sends it one push.
    private static func sendToIOSDevice(_ fake: RunningPushFake, token: String) async throws {
        let session = fake.makeURLSession()
        defer { session.finishTasksAndInvalidate() }
        let register =
            #"{"deviceId":"D1","deviceRegistrationId":"\#(token)","applicationKey":"testApp","applicationType":"IOS"}"#
        let (status, _) = try await Scenarios.send(
            session, fake.tpnsBaseURL.appendingPathComponent("api/device/register"), method: "POST", body: register)
        #expect(status == 200)
        try await Scenarios.send(
            session, fake.tpnsBaseURL.appendingPathComponent("api/pushnotifications"), method: "POST",
            body: #"[{"message":"Hi","handlingLevel":1,"applicationKey":"testApp","applicationTypes":["IOS"]}]"#)
    }

    private static func checkAssertion(_ fake: RunningPushFake) async throws {
        // GIVEN a push to a device whose token APNs takes: no problem
        try await sendToIOSDevice(fake, token: "ab12")
        #expect(fake.assertNoDeliveryProblems().isEmpty)
        // WHEN the device registers a token APNs refuses and gets another push
        try await sendToIOSDevice(fake, token: "token-1")
        // THEN the assertion fails at this line, naming the delivery, the device and the problem
        let line = #line + 2
        withKnownIssue {
            fake.assertNoDeliveryProblems()
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined(separator: "\n")
            return issue.sourceLocation?.line == line
                && text.hasPrefix("1 delivery has problems the push networks would refuse")
                && text.contains("delivery 3000000000000002 to D1 (tpns, ios):\n")
                && text.contains(#"rejected BadDeviceToken: the device token is not hexadecimal (limit: "#)
        }
        // AND a test that expects that problem can let it pass
        #expect(fake.assertNoDeliveryProblems(ignoring: ["BadDeviceToken"]).isEmpty)
    }

    @Test(arguments: PushFakeTransport.allCases)
    func assertNoDeliveryProblems_namesEachProblemAtTheCallersLine(transport: PushFakeTransport) async throws {
        try await withPushFake(transport, strict: false) { fake in try await Self.checkAssertion(fake) }
    }

    @Test func assertNoDeliveryProblems_readsTheProblemsOfARemoteInstance() async throws {
        try await RemoteServer.with { url, _ in
            try await withPushFake(.remote(url), strict: false) { fake in try await Self.checkAssertion(fake) }
        }
    }
}

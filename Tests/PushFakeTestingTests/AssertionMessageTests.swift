import Foundation
import PushFakeCore
import PushFakeTesting
import Testing

/// Each helper's failure text, proved through Swift Testing's `withKnownIssue`.
@Suite struct AssertionMessageTests {
    private static let register =
        #"{"deviceId":"D1","deviceRegistrationId":"ab","applicationKey":"testApp","applicationType":"IOS"}"#

    private func registered(
        _ transport: PushFakeTransport = .urlProtocol, _ body: (RunningPushFake) async throws -> Void
    ) async throws {
        try await withPushFake(transport, strict: false) { fake in
            let session = fake.makeURLSession()
            try await Scenarios.send(
                session, fake.tpnsBaseURL.appendingPathComponent("api/device/register"), method: "POST",
                body: Self.register)
            try await body(fake)
        }
    }

    private static func comment(_ issue: Issue) -> String {
        issue.comments.map(\.rawValue).joined(separator: "\n")
    }

    @Test func assertRequested_reportsCountClosestMissAndJournal_whenNothingMatches() async throws {
        try await registered { fake in
            withKnownIssue {
                fake.assertRequested(.tpns(.register).device("D2"))
            } matching: { issue in
                let text = Self.comment(issue)
                return text.contains(
                    "expected exactly 1 request(s) matching vendor=tpns, operation=register, device=D2; 0 matched")
                    && text.contains(
                        "closest miss: #1 POST /TPNS/api/device/register -> 200 tpns.register app=testApp device=D1")
                    && text.contains("- device: expected D2, got D1")
                    && text.contains("journal:\n  #1 POST")
            }
        }
    }

    @Test func assertRequested_passesAndReturnsEntries_whenCountMatches() async throws {
        try await registered { fake in
            let entries = fake.assertRequested(.tpns(.register).bodyField("applicationType", equals: "IOS"))
            #expect(entries.map(\.sequence) == [1])
            fake.assertRequested(.tpns(.unregister), count: .never)
            fake.assertRequested(.any, count: .atLeast(1))
        }
    }

    @Test func assertInOrder_namesTheMissingStep_whenOrderWrong() async throws {
        try await registered { fake in
            withKnownIssue {
                fake.assertInOrder([.tpns(.register), .tpns(.unregister)])
            } matching: { issue in
                Self.comment(issue).contains("step 2 of 2 not found in order: vendor=tpns, operation=unregister")
                    && Self.comment(issue).contains("(steps 1–1 matched #1)")
            }
        }
    }

    @Test func assertNoOtherRequests_listsUnverified_whenSomeNotAsserted() async throws {
        try await registered { fake in
            withKnownIssue {
                fake.assertNoOtherRequests()
            } matching: { issue in
                Self.comment(issue).contains(
                    "1 request(s) not covered by an assertion:\n  #1 POST /TPNS/api/device/register")
            }
            fake.assertRequested(.tpns(.register))
            fake.assertNoOtherRequests()
        }
    }

    @Test func assertNoUnmatchedRequests_listsUnmatchedAndRoutes_whenPathWrong() async throws {
        try await registered { fake in
            try await Scenarios.send(
                fake.makeURLSession(), fake.baseURL.appendingPathComponent("TPNS/register"), method: "POST")
            withKnownIssue {
                fake.assertNoUnmatchedRequests()
            } matching: { issue in
                Self.comment(issue).contains(
                    "1 request(s) matched no route (wrong base URL or path?):\n  #2 POST /TPNS/register -> 404 unmatched"
                )
                    && Self.comment(issue).contains("POST /TPNS/api/device/register")
            }
        }
    }

    @Test func withPushFake_strictModeFailsAtCallSite_whenUnmatchedRequestsRemain() async throws {
        try await withKnownIssue {
            try await withPushFake(.urlProtocol) { fake in
                _ = try await Scenarios.send(
                    fake.makeURLSession(), fake.baseURL.appendingPathComponent("oops"), method: "GET")
            }
        } matching: { issue in
            Self.comment(issue).contains("matched no route")
                && issue.sourceLocation?.fileName == "AssertionMessageTests.swift"
        }
    }

    @Test func assertDelivered_showsWhatTheDeviceGot_whenPayloadDiffers() async throws {
        try await registered { fake in
            try await Scenarios.send(
                fake.makeURLSession(), fake.tpnsBaseURL.appendingPathComponent("api/pushnotifications"), method: "POST",
                body: #"[{"message":"Hello","handlingLevel":1,"applicationKey":"testApp","applicationTypes":["IOS"]}]"#)
            fake.assertDelivered(["aps": ["alert": "Hello"]], to: "D1")
            withKnownIssue {
                fake.assertDelivered(["aps": ["alert": "Bye"]], to: "D1")
            } matching: { issue in
                Self.comment(issue).contains(
                    #"expected a delivery to D1 containing {"aps":{"alert":"Bye"}}; it received:"#)
                    && Self.comment(issue).contains(#"[delivered] {"aps":{"alert":"Hello","sound":"default"}}"#)
            }
            withKnownIssue {
                fake.assertDelivered(["aps": [:]], to: "nobody")
            } matching: { issue in
                Self.comment(issue).contains("the device received nothing (deliveries went to: D1)")
            }
        }
    }

    @Test func assertMatchesRecording_printsFieldDiff_whenTrafficDiffers() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("pushfake-\(UUID().uuidString).jsonl")
            .path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try await registered { fake in
            let line = fake.recordingLines()[0].serializedString().replacingOccurrences(of: "\"D1\"", with: "\"D9\"")
            try Data((line + "\n").utf8).write(to: URL(fileURLWithPath: path))
            try withKnownIssue {
                try fake.assertMatchesRecording(path)
            } matching: { issue in
                let text = Self.comment(issue)
                return text.contains("entry 1 (tpns.register app=testApp device=D1, POST /TPNS/api/device/register):")
                    && text.contains(#"device: recorded "D9", now "D1""#)
                    && text.contains("response.json.deviceId")
            }
            try fake.assertMatchesRecording(path, ignoring: ["device", "request", "response"])
        }
    }

    @Test func assertMatchesRecording_explainsHowToRecord_whenFileMissing() async throws {
        try await registered { fake in
            try withKnownIssue {
                try fake.assertMatchesRecording("fixtures/recordings/does-not-exist.jsonl")
            } matching: { issue in
                Self.comment(issue).contains("run the test with PUSHFAKE_RECORD=1 to write it")
            }
        }
    }
}

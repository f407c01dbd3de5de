import Foundation
import PushFakeCore
import PushFakeHTTP
import PushFakeTesting
import Testing

/// What a test learns about arriving requests over `.remote(URL)`: `waitFor` resumes when requests arrive in the
/// background, applies predicates the admin API cannot carry itself and names the closest miss when its timeout
/// passes; strict mode fails a test whose requests matched no route.
@Suite struct RemoteWaitForTests {
    @Test func remote_waitFor_resumesWhenBackgroundRequestsArrive() async throws {
        try await RemoteServer.with { url, _ in
            try await withPushFake(.remote(url)) { fake in
                let session = fake.makeURLSession()
                let unregister = fake.tpnsBaseURL.appendingPathComponent("api/application/k/device/d/unregister")
                let background = Scenarios.sendLater(session, unregister, method: "PUT", times: 2)
                let entries = try await fake.waitFor(.tpns(.unregister), count: 2, timeout: 60)
                #expect(entries.map(\.sequence) == [1, 2])
                try await background.value
                fake.assertNoOtherRequests()
            }
        }
    }

    @Test func remote_waitFor_appliesPredicatesItself_whenTheMatcherHasNoJSONForm() async throws {
        try await RemoteServer.with { url, _ in
            try await withPushFake(.remote(url)) { fake in
                let background = Task {
                    try await Task.sleep(nanoseconds: 200_000_000)
                    for device in ["D1", "D2", "D3"] {
                        _ = try await RemoteTransportTests.register(fake, device: device)
                    }
                }
                let isD2 = RequestMatcher.tpns(.register).bodyField("deviceId", .satisfies("is D2") { $0 == "D2" })
                let entries = try await fake.waitFor(isD2, timeout: 60)
                #expect(entries.map(\.device) == ["D2"])
                try await background.value
            }
        }
    }

    @Test func remote_waitFor_throwsWithClosestMiss_whenTimeoutPasses() async throws {
        try await RemoteServer.with { url, _ in
            try await withPushFake(.remote(url)) { fake in
                try await Scenarios.send(
                    fake.makeURLSession(),
                    fake.tpnsBaseURL.appendingPathComponent("api/application/k/device/d/unregister"), method: "PUT")
                do {
                    try await fake.waitFor(.tpns(.register), timeout: 0.2)
                    Issue.record("expected a timeout")
                } catch let error as PushFakeError {
                    let text = error.description
                    #expect(
                        text.contains("1 request(s) matching vendor=tpns, operation=register within 0.2 s; 0 arrived"))
                    #expect(text.contains("- operation: expected register, got unregister"))
                    #expect(text.contains("#1 PUT /TPNS/api/application/k/device/d/unregister"))
                }
            }
        }
    }

    @Test func remote_strictModeFailsOnUnmatchedRequests() async throws {
        try await RemoteServer.with { url, _ in
            try await withKnownIssue {
                try await withPushFake(.remote(url)) { fake in
                    _ = try await Scenarios.send(
                        fake.makeURLSession(), fake.tpnsBaseURL.appendingPathComponent("api/nope"), method: "GET")
                }
            } matching: { issue in
                issue.comments.map(\.rawValue).joined().contains("1 request(s) matched no route")
            }
        }
    }
}

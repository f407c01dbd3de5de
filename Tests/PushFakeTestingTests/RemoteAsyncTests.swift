import Foundation
import PushFakeCore
import PushFakeHTTP
import PushFakeTesting
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `.remote` without blocking Swift's cooperative pool: `withPushFake` creates, checks and deletes its instance,
/// and ``RunningPushFake/currentJournal()`` reads the journal, while the calling task is suspended.
@Suite struct RemoteAsyncTests {
    @Test func remote_withPushFakeAndCurrentJournal_keepNoPoolThreadWaiting_whileTheServerHoldsTheAnswers()
        async throws
    {
        // More fixtures than the pool has threads: blocked threads could never have them all waiting at once.
        let fixtures = ProcessInfo.processInfo.activeProcessorCount * 2 + 2
        let server = try HeldAdminServer(expected: fixtures)
        defer { server.stop() }
        try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<fixtures {
                group.addTask {
                    // Rounds: the create, the body's journal, the strict end check's journal, the delete.
                    try await withPushFake(.remote(server.url)) { fake in
                        let journal = await fake.currentJournal()
                        fake.assertNoOtherRequests(in: journal)
                        return journal.count
                    }
                }
            }
            for try await count in group { #expect(count == 0) }
        }
        #expect(server.fullRounds == 4)
    }

    @Test func remote_assertionsOnTheCurrentJournal_seeTheInstancesTraffic() async throws {
        try await RemoteServer.with { url, _ in
            try await withPushFake(.remote(url)) { fake in
                let body =
                    #"{"deviceId":"D1","deviceRegistrationId":"ab","applicationKey":"testApp","applicationType":"IOS"}"#
                let (status, _) = try await Scenarios.send(
                    fake.makeURLSession(), fake.tpnsBaseURL.appendingPathComponent("api/device/register"),
                    method: "POST", body: body)
                #expect(status == 200)
                let journal = await fake.currentJournal()
                #expect(journal.count == 1)
                let matched = fake.assertRequested(.tpns(.register).device("D1"), in: journal)
                #expect(matched.map(\.sequence) == journal.entries.map(\.sequence))
                fake.assertInOrder([.tpns(.register)], in: journal)
                fake.assertNoOtherRequests(in: journal)
            }
        }
    }
}

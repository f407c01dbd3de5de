import Foundation
import PushFakeCore
import PushFakeTestSupport
import PushFakeTesting
import Testing

/// Every scenario under every transport — live, URLProtocol and an instance on a remote server — gives identical
/// journals (transport-specific headers aside), which match the recording under fixtures/recordings/.
@Suite struct ContractTests {
    @Test(arguments: PushFakeTransport.allCases)
    func tpnsRegisterAndSend_matchesRecording(transport: PushFakeTransport) async throws {
        try await withPushFake(transport) { fake in
            try await Scenarios.tpnsRegisterAndSend(fake)
            fake.assertDelivered(["aps": ["alert": "Test"]], to: Scenarios.deviceID)
            try fake.assertMatchesRecording("fixtures/recordings/tpns-register-and-send.jsonl")
        }
    }

    @Test func tpnsRegisterAndSend_journalsIdentically_whenLiveURLProtocolAndRemote() async throws {
        let (live, inProcess, remote) = try await allTransports(Scenarios.tpnsRegisterAndSend)
        #expect(live.count == 4)
        #expect(live == inProcess)
        #expect(live == remote)
    }

    // MARK: TwinPush

    @Test(arguments: PushFakeTransport.allCases)
    func twinPushIOSSession_matchesRecording(transport: PushFakeTransport) async throws {
        try await withPushFake(transport, configuration: Scenarios.twinPushConfiguration) { fake in
            let id = try await Scenarios.twinPushIOSSession(fake)
            fake.assertDelivered(["aps": ["alert": "Sale", "badge": 1], "tp_rich_url": "https://x.test/r"], to: id)
            #expect(fake.entries(matching: .twinPush().status(200)).count == fake.journal.count)
            try fake.assertMatchesRecording("fixtures/recordings/twinpush-ios-session.jsonl")
        }
    }

    @Test func twinPushIOSSession_journalsIdentically_whenLiveURLProtocolAndRemote() async throws {
        let (live, inProcess, remote) = try await allTransports(Scenarios.twinPushIOSSession)
        #expect(live.count == 17)
        #expect(live == inProcess)
        #expect(live == remote)
    }

    @Test(arguments: PushFakeTransport.allCases)
    func twinPushAndroidSession_matchesRecording(transport: PushFakeTransport) async throws {
        try await withPushFake(transport, configuration: Scenarios.twinPushConfiguration) { fake in
            let id = try await Scenarios.twinPushAndroidSession(fake)
            fake.assertDelivered(["message": "Hola", "title": "T", "tags": #"["promo"]"#], to: id)
            #expect(fake.entries(matching: .twinPush().status(200)).count == fake.journal.count)
            try fake.assertMatchesRecording("fixtures/recordings/twinpush-android-session.jsonl")
        }
    }

    @Test func twinPushAndroidSession_journalsIdentically_whenLiveURLProtocolAndRemote() async throws {
        let (live, inProcess, remote) = try await allTransports(Scenarios.twinPushAndroidSession)
        #expect(live.count == 14)
        #expect(live == inProcess)
        #expect(live == remote)
    }

    @Test(arguments: PushFakeTransport.allCases)
    func twinPushBackendFlow_matchesRecording(transport: PushFakeTransport) async throws {
        try await withPushFake(transport, configuration: Scenarios.twinPushConfiguration) { fake in
            let nid = try await Scenarios.twinPushBackendFlow(fake)
            let delivery = fake.deliveries(ofNotification: nid).first
            #expect(delivery?.receivedAt != nil)
            #expect(delivery?.openedAt == fake.now)
            #expect(fake.entries(matching: .twinPush().status(200)).count == fake.journal.count)
            try fake.assertMatchesRecording("fixtures/recordings/twinpush-backend-flow.jsonl")
        }
    }

    @Test func twinPushBackendFlow_journalsIdentically_whenLiveURLProtocolAndRemote() async throws {
        let (live, inProcess, remote) = try await allTransports(Scenarios.twinPushBackendFlow)
        #expect(live.count == 12)
        #expect(live == inProcess)
        #expect(live == remote)
    }

    /// The UI-test set-up end to end: `pushfake serve --admin-token` started as a process before the "run", two
    /// fixtures on it one after the other, each journaling what a live fake journals.
    @Test func twinPushIOSSession_journalsAsLive_onThePushfakeBinary() async throws {
        let expected = try await withPushFake(.live, configuration: Scenarios.twinPushConfiguration) { fake in
            try await Scenarios.twinPushIOSSession(fake)
            return fake.recordingLines()
        }
        let binary = PushFakeBinary.url.path
        try #require(FileManager.default.isExecutableFile(atPath: binary), "build the pushfake product first")
        let serve = try ServeProcess(["--quiet", "--admin-token", "ui-tests"])
        defer { serve.stop() }
        let url = try #require(serve.baseURL)
        for _ in 0..<2 {
            let remote = try await withPushFake(
                .remote(url, adminToken: "ui-tests"), configuration: Scenarios.twinPushConfiguration
            ) { fake in
                try await Scenarios.twinPushIOSSession(fake)
                return fake.recordingLines()
            }
            #expect(remote.count == 17)
            #expect(remote == expected)
        }
    }

    /// Runs a scenario on a live fake, on a URLProtocol fake and on an instance of a separate server (one declared
    /// TwinPush app each; TPNS stays auto-provisioning) and returns the three journals as recording lines.
    private func allTransports<Result>(
        _ scenario: (RunningPushFake) async throws -> Result
    ) async throws -> (live: [JSON], inProcess: [JSON], remote: [JSON]) {
        let live = try await withPushFake(.live, configuration: Scenarios.twinPushConfiguration) { fake in
            _ = try await scenario(fake)
            return fake.recordingLines()
        }
        let inProcess = try await withPushFake(.urlProtocol, configuration: Scenarios.twinPushConfiguration) { fake in
            _ = try await scenario(fake)
            return fake.recordingLines()
        }
        let remote = try await RemoteServer.with { url, _ in
            try await withPushFake(.remote(url), configuration: Scenarios.twinPushConfiguration) { fake in
                _ = try await scenario(fake)
                return fake.recordingLines()
            }
        }
        return (live, inProcess, remote)
    }
}

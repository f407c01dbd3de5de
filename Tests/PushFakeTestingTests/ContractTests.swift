import Foundation
import PushFakeCore
import PushFakeTesting
import Testing

/// Every scenario under both transports: the journals must be identical (transport-specific headers aside), and
/// match the recording under fixtures/recordings/.
@Suite struct ContractTests {
    @Test(arguments: PushFakeTransport.allCases)
    func tpnsRegisterAndSend_matchesRecording(transport: PushFakeTransport) async throws {
        try await withPushFake(transport) { fake in
            try await Scenarios.tpnsRegisterAndSend(fake)
            fake.assertDelivered(["aps": ["alert": "Test"]], to: Scenarios.deviceID)
            try fake.assertMatchesRecording("fixtures/recordings/tpns-register-and-send.jsonl")
        }
    }

    @Test func tpnsRegisterAndSend_journalsIdentically_whenLiveAndURLProtocol() async throws {
        let (live, inProcess) = try await bothTransports(Scenarios.tpnsRegisterAndSend)
        #expect(live.count == 4)
        #expect(live == inProcess)
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

    @Test func twinPushIOSSession_journalsIdentically_whenLiveAndURLProtocol() async throws {
        let (live, inProcess) = try await bothTransports(Scenarios.twinPushIOSSession)
        #expect(live.count == 17)
        #expect(live == inProcess)
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

    @Test func twinPushAndroidSession_journalsIdentically_whenLiveAndURLProtocol() async throws {
        let (live, inProcess) = try await bothTransports(Scenarios.twinPushAndroidSession)
        #expect(live.count == 14)
        #expect(live == inProcess)
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

    @Test func twinPushBackendFlow_journalsIdentically_whenLiveAndURLProtocol() async throws {
        let (live, inProcess) = try await bothTransports(Scenarios.twinPushBackendFlow)
        #expect(live.count == 12)
        #expect(live == inProcess)
    }

    /// Runs a scenario on a live fake and on a URLProtocol fake (one declared TwinPush app each; TPNS stays
    /// auto-provisioning) and returns both journals as recording lines.
    private func bothTransports<Result>(
        _ scenario: (RunningPushFake) async throws -> Result
    ) async throws -> (live: [JSON], inProcess: [JSON]) {
        let live = try await withPushFake(.live, configuration: Scenarios.twinPushConfiguration) { fake in
            _ = try await scenario(fake)
            return fake.recordingLines()
        }
        let inProcess = try await withPushFake(.urlProtocol, configuration: Scenarios.twinPushConfiguration) { fake in
            _ = try await scenario(fake)
            return fake.recordingLines()
        }
        return (live, inProcess)
    }
}

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
        let live = try await withPushFake(.live) { fake in
            try await Scenarios.tpnsRegisterAndSend(fake)
            return fake.recordingLines()
        }
        let inProcess = try await withPushFake(.urlProtocol) { fake in
            try await Scenarios.tpnsRegisterAndSend(fake)
            return fake.recordingLines()
        }
        #expect(live.count == 4)
        #expect(live == inProcess)
    }
}

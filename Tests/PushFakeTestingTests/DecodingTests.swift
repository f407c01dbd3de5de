import Foundation
import PushFakeCore
import PushFakeTesting
import XCTest

final class DecodingTests: XCTestCase {
    private struct Register: Decodable, Equatable {
        let deviceId: String
        let applicationType: String
    }

    private struct APNs: Decodable {
        struct APS: Decodable {
            let alert: String
            let sound: String
        }
        let aps: APS
    }

    func test_decode_readsBodyAndPayloadIntoOwnTypes_whenRecorded() async throws {
        try await withPushFake(.urlProtocol) { fake in
            try await Scenarios.tpnsRegisterAndSend(fake)
            let entry = try XCTUnwrap(fake.entries(matching: .tpns(.register)).first)
            XCTAssertEqual(
                try entry.decodeBody(as: Register.self),
                Register(deviceId: Scenarios.deviceID, applicationType: "IOS_SAND"))
            let delivery = try XCTUnwrap(fake.deliveries(to: Scenarios.deviceID).first)
            XCTAssertEqual(try delivery.decodePayload(as: APNs.self).aps.alert, "Test")
        }
    }
}

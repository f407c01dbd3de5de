import Foundation
import PushFakeCore
import PushFakeTestSupport
import XCTest

/// `pushfake verify --no-delivery-problems` against the real binary (DeliveryChecks.md): exit 0 when every delivery
/// is fine, 1 naming each problem otherwise, 64 when combined with another kind of verification.
final class VerifyDeliveryProblemsTests: XCTestCase {
    private func register(_ server: ServeProcess, _ device: String, token: String, type: String) async throws {
        let body =
            #"{"deviceId":"\#(device)","deviceRegistrationId":"\#(token)","applicationKey":"APPKEY","applicationType":"\#(type)"}"#
        _ = try await server.request("POST", "/TPNS/api/device/register", body: body)
    }

    private func send(_ server: ServeProcess, _ types: String) async throws {
        let body = #"[{"message":"Hi","handlingLevel":1,"applicationKey":"APPKEY","applicationTypes":\#(types)}]"#
        _ = try await server.request("POST", "/TPNS/api/pushnotifications", body: body)
    }

    func test_verifyNoDeliveryProblems_exitsZero_whenEveryDeliveryIsFine() async throws {
        let server = try ServeProcess(["--quiet"])
        try await register(server, "I1", token: "0a1b", type: "IOS")
        try await send(server, #"["IOS"]"#)
        let result = try PushFakeCommand.run(["verify", "--url", server.url, "--no-delivery-problems"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, "ok: no delivery problems in 1 delivery\n")
        XCTAssertEqual(server.stop().status, 0)
    }

    func test_verifyNoDeliveryProblems_exitsOneNamingEachProblem_whenTheNetworksWouldRefuse() async throws {
        // GIVEN an iOS token APNs refuses and an Android token FCM refuses, next to a good device
        let server = try ServeProcess(["--quiet"])
        try await register(server, "I1", token: "0a1b", type: "IOS")
        try await register(server, "I2", token: "token-1", type: "IOS")
        try await register(server, "A1", token: "fcm%20token", type: "AOS")
        try await send(server, #"["IOS","AOS"]"#)
        // WHEN verify checks the deliveries
        let result = try PushFakeCommand.run(["verify", "--url", server.url, "--no-delivery-problems"])
        // THEN it exits 1 naming both deliveries and their problems
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.contains("2 deliveries have problems"), result.stderr)
        XCTAssertTrue(result.stderr.contains("delivery 3000000000000002 to I2 (tpns, ios):"), result.stderr)
        XCTAssertTrue(
            result.stderr.contains("rejected BadDeviceToken: the device token is not hexadecimal"), result.stderr)
        XCTAssertTrue(result.stderr.contains("delivery 3000000000000003 to A1 (tpns, android):"), result.stderr)
        XCTAssertTrue(result.stderr.contains("rejected InvalidRegistration:"), result.stderr)
        // AND codes a test expects can be let through
        let ignoring = try PushFakeCommand.run([
            "verify", "--url", server.url, "--no-delivery-problems", "--ignore-problem", "BadDeviceToken",
            "--ignore-problem", "InvalidRegistration",
        ])
        XCTAssertEqual(ignoring.status, 0, ignoring.stderr)
        XCTAssertEqual(server.stop().status, 0)
    }

    func test_verifyNoDeliveryProblems_isAUsageError_whenCombinedWithAMatcher() throws {
        let combined = try PushFakeCommand.run([
            "verify", "--url", "http://127.0.0.1:9", "--no-delivery-problems", "--vendor", "tpns",
        ])
        XCTAssertEqual(combined.status, 64)
        XCTAssertTrue(
            combined.stderr.contains("--no-delivery-problems cannot be combined with --vendor"), combined.stderr)
        let stray = try PushFakeCommand.run(["verify", "--url", "http://127.0.0.1:9", "--ignore-problem", "X"])
        XCTAssertEqual(stray.status, 64)
        XCTAssertTrue(stray.stderr.contains("--ignore-problem goes with --no-delivery-problems"), stray.stderr)
    }
}

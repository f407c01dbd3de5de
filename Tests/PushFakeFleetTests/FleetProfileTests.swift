import Foundation
import PushFakeCore
import XCTest

@testable import PushFakeFleet

/// Each profile sends the requests its SDK sends, in the SDK's order (TwinPushWireProtocol.md §8, TPNSWireProtocol.md §6).
final class FleetProfileTests: XCTestCase {
    private typealias Support = FleetTestSupport

    /// One device that opens every notification after exactly 5 s and stays 30 s in the foreground.
    private var opensAll: FleetPolicySet {
        var policy = FleetPolicy()
        policy.openProbability = 1
        policy.openDelay = .fixed(5)
        policy.session = .fixed(30)
        return FleetPolicySet(policy)
    }

    private func run(_ profile: FleetProfile, policy: FleetPolicySet) async throws -> (PushFake, [String]) {
        let fake = Support.engine()
        let fleet = Support.fleet(devices: 1, mix: .only(profile), policy: policy)
        try await fleet.start(against: fake)
        await fleet.run(for: 60)
        if profile.isTwinPush {
            let id = try XCTUnwrap(Support.sendCampaign(fake))
            let received = await fleet.waitUntilReceived(id, fraction: 1)
            XCTAssertTrue(received)
        }
        await fleet.run(for: 60)
        await fleet.stop()
        return (fake, Support.requests(fake))
    }

    func test_twinpushIOS_sendsTheSDKsRequestsInOrder_whenLaunchedSentAPushAndTapped() async throws {
        let (_, requests) = try await run(.twinpushIOS, policy: opensAll)
        let base = "/api/v2/apps/fleetapp/devices/D"
        XCTAssertEqual(
            try Self.normalised(requests),
            [
                // launch: register, the pending update_badge, open_app on becoming active; 30 s later close_app
                "POST /api/v2/apps/fleetapp/devices/register", "POST \(base)/update_badge", "POST \(base)/open_app",
                "POST \(base)/close_app",
                // the backend's campaign, the receipt extension's app-less ack
                "POST /api/v2/apps/fleetapp/notifications",
                "POST /api/v2/devices/D/notifications/N/received_notification",
                // the tap: open_notification, the forced badge reset, open_app; the session ends
                "POST \(base)/notifications/N/open_notification", "POST \(base)/update_badge", "POST \(base)/open_app",
                "POST \(base)/close_app",
            ])
    }

    func test_twinpushAndroid_sendsTheSDKsRequestsInOrder_whenLaunchedSentAPushAndTapped() async throws {
        let (fake, requests) = try await run(.twinpushAndroid, policy: opensAll)
        let base = "/api/v2/apps/fleetapp/devices/D"
        XCTAssertEqual(
            try Self.normalised(requests),
            [
                "POST /api/v2/apps/fleetapp/devices/register", "POST \(base)/open_app", "POST \(base)/close_app",
                "POST /api/v2/apps/fleetapp/notifications", "POST \(base)/notifications/N/received_notification",
                "POST \(base)/open_app", "POST \(base)/notifications/N/open_notification", "POST \(base)/close_app",
            ])
        // Android sends `{}` bodies with Volley's content type and no Accept (TwinPushWireProtocol.md §2, §3).
        let open = try XCTUnwrap(fake.journal.entries.first { $0.request.path.hasSuffix("/open_app") })
        XCTAssertEqual(open.request.body, Array("{}".utf8))
        XCTAssertEqual(open.request.headers["Content-Type"], "application/json; charset=utf-8")
        XCTAssertNil(open.request.headers["Accept"])
    }

    func test_tpnsIOS_registersWithALowercaseHexTokenAndSendsNothingElse_whenItsAppIsUsed() async throws {
        let (fake, requests) = try await run(.tpnsIOS, policy: opensAll)
        XCTAssertEqual(requests, ["POST /TPNS/api/device/register"])
        let body = try XCTUnwrap(fake.journal.entries.first?.body)
        XCTAssertEqual(body["applicationType"], "IOS")
        XCTAssertEqual(body["applicationKey"], "fleetapp")
        let token = try XCTUnwrap(body["deviceRegistrationId"]?.stringValue)
        XCTAssertEqual(token.count, 64)
        XCTAssertEqual(token, token.lowercased())
        XCTAssertEqual(fake.journal.entries.first?.status, 200)
    }

    func test_twinpushIOS_opensAtOnceWithoutOpenApp_whenThePushArrivesInTheForeground() async throws {
        let fake = Support.engine()
        var policy = FleetPolicy()
        policy.openProbability = 0
        policy.session = .fixed(600)
        let fleet = Support.fleet(devices: 1, mix: .only(.twinpushIOS), policy: FleetPolicySet(policy))
        try await fleet.start(against: fake)
        let id = try XCTUnwrap(Support.sendCampaign(fake))
        _ = await fleet.waitUntilReceived(id, fraction: 1)
        let tail = Support.requests(fake).suffix(3).map { $0.components(separatedBy: "/").last ?? "" }
        XCTAssertEqual(tail, ["received_notification", "open_notification", "update_badge"])
        XCTAssertEqual(fleet.report().notifications.first?.opened, 1)
        await fleet.stop()
        XCTAssertEqual(Support.requests(fake).last?.components(separatedBy: "/").last, "close_app")
    }

    /// The requests with the device's server id as `D` and notification ids as `N`, so that the expected order reads
    /// as the SDK's.
    private static func normalised(_ requests: [String]) throws -> [String] {
        let device = try XCTUnwrap(requests.compactMap { deviceID(in: $0) }.first)
        return requests.map {
            $0.replacingOccurrences(of: "/notifications/[^/]+/", with: "/notifications/N/", options: .regularExpression)
                .replacingOccurrences(of: "/devices/\(device)/", with: "/devices/D/")
        }
    }

    private static func deviceID(in request: String) -> String? {
        let parts = request.components(separatedBy: "/devices/")
        guard parts.count == 2, let id = parts[1].components(separatedBy: "/").first, id != "register" else {
            return nil
        }
        return id
    }
}

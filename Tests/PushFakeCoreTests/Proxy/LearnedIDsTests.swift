import Foundation
import PushFakeCore
import PushFakeTestSupport
import XCTest

/// A learning proxy makes the local store use the ids the real service answered with, so a later run without the
/// upstream keeps the same devices and ids (`pushfake serve --upstream-mode learn`).
final class LearnedIDsTests: XCTestCase {
    private let learn = ProxiedExchange(mode: .learn, upstream: "https://twinpush.example/api/v2", latency: 0.01)
    private let app = "cs555ab2356a37a0"

    private func request(_ path: String, _ body: String) -> FakeRequest {
        FakeRequest(
            method: "POST", target: "/api/v2/apps/\(app)" + path, headers: ["Content-Type": "application/json"],
            body: Array(body.utf8))
    }

    func test_twinPushRegisterAndCreate_useTheUpstreamsIds_andLaterLocalIdsDoNotCollide() throws {
        // GIVEN a learning fake in front of a service that numbers things its own way
        let fake = PushFake()
        let register = request("/devices/register", #"{"udid":"U1","platform":"ios","push_token":"ab"}"#)
        let registered = FakeResponse.json(200, ["objects": [["id": "REAL-DEVICE-7", "udid": "U1"]]])
        // WHEN a register and a create go through it
        _ = fake.recordProxied(register, outcome: .answered(registered), proxied: learn)
        let create = request("/notifications", #"{"broadcast":true,"alert":"Hi"}"#)
        let created = FakeResponse.json(200, ["objects": [["id": "2000000000000005"]]])
        _ = fake.recordProxied(create, outcome: .answered(created), proxied: learn)
        // THEN the local store holds the real service's ids
        XCTAssertEqual(fake.twinPushDevices(app: app).map(\.id), ["REAL-DEVICE-7"])
        XCTAssertEqual(fake.deliveries.map(\.notificationID), ["2000000000000005"])
        XCTAssertEqual(fake.deliveries.map(\.deviceID), ["REAL-DEVICE-7"])
        // AND a device registered later without the upstream gets an id of the fake's own, not an adopted one
        let local = fake.handle(request("/devices/register", #"{"udid":"U2","platform":"android","push_token":"cd"}"#))
        let localID = try XCTUnwrap(local.response.json?["objects"]?[0]?["id"]?.stringValue)
        XCTAssertEqual(localID, "1000000000000001")
        // AND a local notification skips past the adopted one, which has the fake's form
        let next = fake.handle(
            FakeRequest(
                method: "POST", target: "/api/v2/apps/\(app)/notifications",
                headers: ["Content-Type": "application/json"], body: Array(#"{"broadcast":true,"alert":"2"}"#.utf8)))
        XCTAssertEqual(next.response.json?["objects"]?[0]?["id"], "2000000000000006")
    }

    func test_tpnsSend_usesTheUpstreamsNotificationIds_oneAMessage() throws {
        let fake = PushFake()
        _ = fake.handle(
            FakeRequest(
                method: "POST", target: "/TPNS/api/device/register", headers: ["Content-Type": "application/json"],
                body: Array(
                    #"{"deviceId":"D1","deviceRegistrationId":"ab","applicationKey":"K","applicationType":"IOS"}"#.utf8)
            ))
        let body =
            #"[{"message":"A","handlingLevel":1,"applicationKey":"K","applicationTypes":["IOS"],"deviceIds":["D1"]}]"#
        let send = FakeRequest(
            method: "POST", target: "/TPNS/api/pushnotifications", headers: ["Content-Type": "application/json"],
            body: Array(body.utf8))
        let answer = FakeResponse.json(200, ["success": true, "results": [["notificationId": "N-REAL-1"]]])
        _ = fake.recordProxied(send, outcome: .answered(answer), proxied: learn)
        XCTAssertEqual(fake.deliveries(to: "D1").map(\.notificationID), ["N-REAL-1"])
    }

    func test_proxyMode_adoptsNothing() {
        let fake = PushFake()
        let register = request("/devices/register", #"{"udid":"U1","platform":"ios","push_token":"ab"}"#)
        let registered = FakeResponse.json(200, ["objects": [["id": "REAL-DEVICE-7"]]])
        let proxy = ProxiedExchange(mode: .proxy, upstream: "https://twinpush.example/api/v2", latency: 0.01)
        _ = fake.recordProxied(register, outcome: .answered(registered), proxied: proxy)
        XCTAssertEqual(fake.twinPushDevices(app: app).count, 0)
    }
}

import PushFakeCore
import PushFakeTestSupport
import XCTest

/// Fault injection on TwinPush operations and byte-for-byte determinism.
final class TwinPushFaultAndDeterminismTests: XCTestCase {
    func test_injectedStatus_failsOneUpdateBadge_whenScopedOnce() {
        // GIVEN a device and a one-shot 500 on update_badge
        let client = TwinPushTestClient(fake: PushFake())
        let id = client.registerIOS()
        client.fake.inject(.status(500), when: .twinPush(.updateBadge), scope: .once)
        // WHEN update_badge is sent twice
        let first = client.send("POST", client.devicePath(id, "/update_badge"), #"{"badge":5}"#)
        XCTAssertEqual(client.fake.twinPushDevice(id: id)?.badge, 0)
        let second = client.send("POST", client.devicePath(id, "/update_badge"), #"{"badge":5}"#)
        // THEN the first is a vendor-shaped 500 that changed nothing, the second succeeds
        assertTwinPushError(first, 500, "InternalServerError")
        XCTAssertEqual(second.status, 200)
        XCTAssertEqual(client.fake.twinPushDevice(id: id)?.badge, 5)
        XCTAssertEqual(client.fake.entries(matching: .twinPush(.updateBadge).faulted()).count, 1)
    }

    func test_injectedTwinPushError_answersInvalidToken_whenRegisterIsFaulted() {
        // GIVEN an InvalidToken fault on register
        let client = TwinPushTestClient(fake: PushFake())
        client.fake.inject(.twinPushError(.invalidToken), when: .twinPush(.register))
        // WHEN a device registers
        let reply = client.send("POST", client.path("/devices/register"), #"{"udid":"u","platform":"ios"}"#)
        // THEN 403 in the vendor shape, and no device exists
        assertTwinPushError(reply, 403, "InvalidToken")
        XCTAssertEqual(client.fake.twinPushDevices(app: TwinPushTestClient.app), [])
    }

    func test_faultMatcher_matchesTheDeviceInThePath_whenScopedToOneDevice() {
        // GIVEN two devices and a fault on open_app for the second only
        let client = TwinPushTestClient(fake: PushFake())
        let first = client.registerIOS(udid: "a")
        let second = client.registerIOS(udid: "b")
        client.fake.inject(.twinPushError(.deviceNotFound), when: .twinPush(.openApp).device(second), scope: .always)
        // WHEN / THEN only the second device's call fails
        XCTAssertEqual(client.send("POST", client.devicePath(first, "/open_app"), "{}").status, 200)
        assertTwinPushError(client.send("POST", client.devicePath(second, "/open_app"), "{}"), 404, "DeviceNotFound")
    }

    func test_responses_areByteIdentical_whenTheSameSeedRunsTheSameTraffic() {
        // GIVEN two fakes with the same non-zero seed
        func run() -> [[UInt8]] {
            let client = TwinPushTestClient.strict(seed: 42)
            var bodies: [[UInt8]] = []
            let ios = client.registerIOS(udid: "a", alias: "ana")
            let android = client.registerAndroid(udid: "b", alias: "bob")
            let created = client.create(
                #"{"broadcast":true,"alert":"Hi","title":"T","inbox":true,"url":"https://x.test"}"#)
            bodies.append(created.response.body)
            let nid = created.json["objects"]?[0]?["id"]?.stringValue ?? ""
            client.fake.advanceClock(by: 5)
            bodies.append(
                client.send("POST", client.devicePath(ios, "/notifications/\(nid)/open_notification"), "{}").response
                    .body)
            bodies.append(client.send("GET", client.devicePath(android, "/inbox")).response.body)
            bodies.append(client.backend("GET", client.path("/notifications/\(nid)/deliveries")).response.body)
            bodies.append(client.backend("GET", client.path("/devices")).response.body)
            bodies += client.fake.deliveries.map(\.payload)
            return bodies
        }
        // WHEN the same traffic runs on each
        let first = run()
        let second = run()
        // THEN every response and payload is byte-identical, and ids carry the seed
        XCTAssertEqual(first, second)
        let ids = TwinPushTestClient.strict(seed: 42).registerIOS()
        XCTAssertEqual(ids.count, 16)
        XCTAssertNotEqual(ids, "1000000000000001")
    }
}

import PushFakeCore
import PushFakeTestSupport
import XCTest

/// The device calls of TwinPushWireProtocol.md §5 as a group: each finds its device first, a change stamps the
/// device's `updatedAt` with the fake clock and answers `{}`, a read or a refused change leaves it alone.
final class TwinPushDeviceCallTests: XCTestCase {
    func test_everyChangingDeviceCall_answersEmptyObject_andStampsUpdatedAt() throws {
        // GIVEN a registered iOS device
        let client = TwinPushTestClient.strict()
        let id = client.registerIOS(alias: "ana")
        for (action, body) in [
            ("update_badge", #"{"badge":"+2"}"#), ("open_app", "{}"), ("close_app", "{}"),
            ("report_statistics", #"{"device":{"latitude":40.4,"longitude":-3.7}}"#),
            ("set_custom_property", #"{"name":"city","type":"string","value":"Madrid"}"#),
            ("set_custom_property", #"{"name":"city","value":null}"#), ("clear_custom_properties", ""),
        ] {
            // WHEN the clock moves and the call is sent
            client.fake.advanceClock(by: 60)
            let method = action == "clear_custom_properties" ? "DELETE" : "POST"
            let reply = client.send(method, client.devicePath(id, "/" + action), body.isEmpty ? nil : body)

            // THEN it answers {} and the device's last use is now
            XCTAssertEqual(reply.status, 200, "\(action): \(reply.text)")
            XCTAssertEqual(reply.text, "{}", action)
            XCTAssertEqual(client.fake.twinPushDevice(id: id)?.updatedAt, client.fake.now, action)
        }
        XCTAssertEqual(client.fake.twinPushDevice(id: id)?.badge, 2)
        XCTAssertEqual(client.fake.twinPushDevice(id: id)?.location?.latitude, 40.4)
    }

    func test_readsAndRefusedChanges_leaveUpdatedAt_andAnUnknownDeviceIsNotFound() throws {
        // GIVEN a registered device whose last use is the register
        let client = TwinPushTestClient.strict()
        let id = client.registerAndroid(alias: "ana")
        let registeredAt = try XCTUnwrap(client.fake.twinPushDevice(id: id)?.updatedAt)
        client.fake.advanceClock(by: 60)

        // WHEN it reads its badge, inbox and inbox summary, and sends a badge the fake refuses
        XCTAssertEqual(client.send("GET", client.devicePath(id, "/badge")).json["badge"], 0)
        XCTAssertEqual(client.send("GET", client.devicePath(id, "/inbox")).status, 200)
        XCTAssertEqual(client.send("GET", client.devicePath(id, "/inbox_summary")).json["total_count"], 0)
        let refused = client.send("POST", client.devicePath(id, "/update_badge"), #"{"badge":"lots"}"#)

        // THEN the refusal is 422 DeviceNotUpdated and the device's last use is still the register
        XCTAssertEqual(refused.status, 422, refused.text)
        XCTAssertEqual(refused.errorType, "DeviceNotUpdated")
        XCTAssertEqual(client.fake.twinPushDevice(id: id)?.updatedAt, registeredAt)

        // AND a change for a device that does not exist is 404 DeviceNotFound
        let missing = client.send("POST", client.devicePath("9999999999999999", "/open_app"), "{}")
        XCTAssertEqual(missing.status, 404, missing.text)
        XCTAssertEqual(missing.errorType, "DeviceNotFound")
    }
}

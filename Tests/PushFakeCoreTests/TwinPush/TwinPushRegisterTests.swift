import PushFakeCore
import PushFakeTestSupport
import XCTest

/// Register semantics (TwinPushWireProtocol.md §5.1, FakeBehaviour.md): upsert by (udid, platform), update-only by device_id,
/// empty clears, absent keeps.
final class TwinPushRegisterTests: XCTestCase {
    private let client = TwinPushTestClient(fake: PushFake())

    func test_register_createsASecondDevice_whenTheSameUdidComesWithAnotherPlatform() {
        // GIVEN / WHEN the same udid registers on ios and on android
        let ios = client.registerIOS(udid: "same")
        let android = client.registerAndroid(udid: "same")
        // THEN they are two devices with consecutive deterministic ids
        XCTAssertEqual([ios, android], ["1000000000000001", "1000000000000002"])
    }

    func test_register_clearsEmptyFieldsAndKeepsAbsentOnes_whenTheDeviceRegistersAgain() {
        // GIVEN a device with an alias, a language and a token
        let id = client.registerIOS(udid: "u", alias: "ana")
        client.send("POST", client.path("/devices/register"), #"{"udid":"u","platform":"ios","language":"es_ES"}"#)
        // WHEN it registers again with alias "" and without language or token
        client.fake.advanceClock(by: 60)
        let reply = client.send(
            "POST", client.path("/devices/register"), #"{"udid":"u","platform":"ios","alias_device":""}"#)
        // THEN the alias is gone, the language and token stay, and the dates moved as documented
        XCTAssertEqual(reply.json["objects"]?[0]?["alias_device"], .null)
        let device = client.fake.twinPushDevice(id: id)
        XCTAssertNil(device?.alias)
        XCTAssertEqual(device?.language, "es_ES")
        XCTAssertEqual(device?.pushToken, "5C1D2A3B4C5D6E7F")
        XCTAssertEqual(reply.json["objects"]?[0]?["last_registered_at"], "2026-01-01 00:01:00 UTC")
        XCTAssertEqual(reply.json["objects"]?[0]?["registration_updated_at"], "2026-01-01 00:01:00 UTC")
        XCTAssertEqual(reply.json["objects"]?[0]?["created_at"], "2026-01-01 00:00:00 UTC")
        XCTAssertEqual(client.send("GET", client.devicePath(id, "/inbox")).errorType, "AliasNotSet")
    }

    /// Each of the eight text fields lands on its own property, is cleared by `""` or `null` and kept when absent; a
    /// register with two fields of the wrong type names the first in the body's field order and changes nothing.
    func test_register_setsClearsAndKeepsEachTextField_andNamesTheFirstWrongOne() {
        // GIVEN a device registered with every text field set to a value of its own
        let first = client.send(
            "POST", client.path("/devices/register"),
            #"{"udid":"u","platform":"ios","language":"L","device_code":"DC","device_model":"DM","#
                + #""device_manufacturer":"MF","app_version":"AV","sdk_version":"SV","os_version":"OV","os_name":"ON"}"#
        )
        XCTAssertEqual(first.status, 200, first.text)
        let id = first.json["objects"]?[0]?["id"]?.stringValue ?? ""
        func fields() -> [String?] {
            let device = client.fake.twinPushDevice(id: id)
            return [
                device?.language, device?.deviceCode, device?.deviceModel, device?.deviceManufacturer,
                device?.appVersion, device?.sdkVersion, device?.osVersion, device?.osName,
            ]
        }
        XCTAssertEqual(fields(), ["L", "DC", "DM", "MF", "AV", "SV", "OV", "ON"])
        // WHEN it registers again clearing every other field, sending a number for one and leaving the rest out
        let second = client.send(
            "POST", client.path("/devices/register"),
            #"{"udid":"u","platform":"ios","language":"","device_model":null,"app_version":"","os_version":7}"#)
        // THEN the cleared ones are gone, the number is its text and the absent ones stay
        XCTAssertEqual(second.status, 200, second.text)
        XCTAssertEqual(fields(), [nil, "DC", nil, "MF", nil, "SV", "7", "ON"])
        // AND a register with an array in os_name and an object in device_code is refused for device_code
        let refused = client.send(
            "POST", client.path("/devices/register"),
            #"{"udid":"u","platform":"ios","os_name":[],"device_code":{},"language":"new"}"#)
        XCTAssertEqual(refused.errorType, "DeviceNotCreated", refused.text)
        XCTAssertTrue(refused.text.contains("device_code must be a string"), refused.text)
        XCTAssertEqual(fields(), [nil, "DC", nil, "MF", nil, "SV", "7", "ON"])
    }

    func test_register_updatesByDeviceID_whenDeviceIDIsSentWithoutUdid() {
        // GIVEN a registered device
        let id = client.registerAndroid(alias: "old")
        // WHEN an update-only register names it by device_id
        let reply = client.send(
            "POST", client.path("/devices/register"), #"{"device_id":"\#(id)","alias_device":"new","push_token":"t2"}"#)
        // THEN the same device changed, and the alias index moved with it
        XCTAssertEqual(reply.json["objects"]?[0]?["id"]?.stringValue, id)
        XCTAssertEqual(client.fake.twinPushDevice(id: id)?.pushToken, "t2")
        _ = client.notify(#"{"devices_aliases":["old"],"alert":"to old"}"#)
        _ = client.notify(#"{"devices_aliases":["new"],"alert":"to new"}"#)
        XCTAssertEqual(
            client.fake.deliveries(to: id).compactMap { $0.payloadJSON?["message"]?.stringValue }, ["to new"])
    }

    func test_register_answersDeviceNotUpdated_whenDeviceIDMovesOntoAnotherDevicesUdid() {
        // GIVEN two devices
        let first = client.registerIOS(udid: "a")
        client.registerIOS(udid: "b")
        // WHEN the first is updated by id to the second's udid
        let reply = client.send("POST", client.path("/devices/register"), #"{"device_id":"\#(first)","udid":"b"}"#)
        // THEN 422 DeviceNotUpdated and nothing moved
        assertTwinPushError(reply, 422, "DeviceNotUpdated")
        XCTAssertEqual(client.fake.twinPushDevice(id: first)?.udid, "a")
    }

    func test_deviceObject_hasEveryDocumentedField_whenShownToTheBackend() throws {
        // GIVEN a device with a property
        let id = client.registerAndroid(alias: "bob")
        client.send(
            "POST", client.devicePath(id, "/set_custom_property"), #"{"name":"age","type":"integer","value":43}"#)
        // WHEN the backend shows it
        let device = client.backend("GET", client.path("/devices/\(id)")).json
        // THEN every §6.1 field is there with string dates and the property array
        XCTAssertEqual(
            device.objectValue?.keys,
            [
                "id", "push_token", "alias_device", "platform", "created_at", "updated_at", "last_registered_at",
                "registration_updated_at", "app_id", "language", "device_code", "device_model", "device_manufacturer",
                "app_version", "sdk_version", "os_version", "active", "custom_properties", "type",
            ])
        XCTAssertEqual(device["custom_properties"], [["name": "age", "type": "integer", "value": 43]])
        XCTAssertEqual(device["active"], true)
        XCTAssertEqual(device["app_id"]?.stringValue, TwinPushTestClient.app)
        XCTAssertEqual(client.fake.twinPushApps, [TwinPushTestClient.app])
    }

    func test_firstCall_autoProvisionsTheAppAndSaysSo_whenNoAppIsDeclared() throws {
        // GIVEN a fake with no declared apps
        // WHEN a device registers without any token in a new app
        let reply = client.send("POST", client.path("/devices/register"), #"{"udid":"u","platform":"ios"}"#)
        // THEN it succeeds, and the journal records the auto-provisioning once
        XCTAssertEqual(reply.status, 200)
        client.send("GET", client.devicePath("1000000000000001", "/badge"))
        let notes = client.fake.journal.entries.flatMap(\.notes)
        XCTAssertEqual(notes.filter { $0.contains("auto-provisioned") }.count, 1, "\(notes)")
    }

    func test_reset_forgetsDevicesAndNotifications_whenTheFakeIsReset() {
        // GIVEN a device with a notification
        let id = client.registerIOS(alias: "ana")
        _ = client.notify(#"{"broadcast":true,"alert":"x","inbox":true}"#)
        // WHEN the fake is reset
        client.fake.reset()
        // THEN the device, the notification and the inbox are gone, and ids start over
        XCTAssertNil(client.fake.twinPushDevice(id: id))
        XCTAssertEqual(client.fake.twinPushNotifications(app: TwinPushTestClient.app), [])
        XCTAssertEqual(client.fake.twinPushInbox(alias: "ana", app: TwinPushTestClient.app), [])
        XCTAssertEqual(client.registerIOS(), id)
    }
}

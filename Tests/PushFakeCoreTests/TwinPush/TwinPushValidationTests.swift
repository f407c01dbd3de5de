import PushFakeCore
import PushFakeTestSupport
import XCTest

/// Field rules of the calls that take input: 422 with the call's error type, nothing changed.
final class TwinPushValidationTests: XCTestCase {
    private let client = TwinPushTestClient(fake: PushFake())

    private func assertNotCreated(_ body: String, file: StaticString = #filePath, line: UInt = #line) {
        assertTwinPushError(client.create(body), 422, "NotificationNotCreated", file: file, line: line)
    }

    func test_create_answersNotificationNotCreated_whenTheTargetIsMissingOrDoubled() {
        // GIVEN / WHEN / THEN exactly one target is required; broadcast false and null count as absent
        assertNotCreated(#"{"alert":"x"}"#)
        assertNotCreated(#"{"alert":"x","broadcast":false}"#)
        assertNotCreated(#"{"alert":"x","devices_ids":null}"#)
        assertNotCreated(#"{"alert":"x","broadcast":true,"devices_ids":["1"]}"#)
        assertNotCreated(#"{"alert":"x","devices_aliases":["a"],"multiple_alias":{"a":{}}}"#)
        assertNotCreated(#"{"alert":"x","broadcast":"yes"}"#)
        XCTAssertEqual(client.fake.twinPushNotifications(app: TwinPushTestClient.app), [])
    }

    func test_create_answersNotificationNotCreated_whenATargetBreaksItsLimit() {
        // GIVEN lists one past each documented limit (§9)
        let ids = (0...1000).map { "\"d\($0)\"" }.joined(separator: ",")
        let segments = (0...50).map { "\"s\($0)\"" }.joined(separator: ",")
        let properties = (0...5).map { "\"p\($0)\":[\"v\"]" }.joined(separator: ",")
        let multiple = (0...1000).map { "\"d\($0)\":{}" }.joined(separator: ",")
        // WHEN / THEN each is refused; empty lists and non-string items too
        assertNotCreated(#"{"alert":"x","devices_ids":[\#(ids)]}"#)
        assertNotCreated(#"{"alert":"x","devices_aliases":[\#(ids)]}"#)
        assertNotCreated(#"{"alert":"x","segments":[\#(segments)]}"#)
        assertNotCreated(#"{"alert":"x","target_properties":{\#(properties)}}"#)
        assertNotCreated(#"{"alert":"x","multiple_devices":{\#(multiple)}}"#)
        assertNotCreated(#"{"alert":"x","devices_ids":[]}"#)
        assertNotCreated(#"{"alert":"x","devices_ids":[1,2]}"#)
        assertNotCreated(#"{"alert":"x","target_properties":{"genre":[1]}}"#)
        assertNotCreated(#"{"alert":"x","multiple_alias":{"a":"hi"}}"#)
        // AND exactly at the limits they pass
        let atLimit = (1...1000).map { "\"d\($0)\"" }.joined(separator: ",")
        XCTAssertEqual(client.create(#"{"alert":"x","devices_ids":[\#(atLimit)]}"#).status, 200)
    }

    func test_create_answersNotificationNotCreated_whenAContentFieldIsInvalid() {
        // GIVEN a valid target / WHEN each content field breaks its rule
        let alert256 = String(repeating: "a", count: 256)
        assertNotCreated(#"{"broadcast":true}"#)
        assertNotCreated(#"{"broadcast":true,"alert":""}"#)
        assertNotCreated(#"{"broadcast":true,"alert":42}"#)
        assertNotCreated(#"{"broadcast":true,"alert":"\#(alert256)"}"#)
        assertNotCreated(#"{"broadcast":true,"alert":"x","delivery_speed":"warp"}"#)
        assertNotCreated(#"{"broadcast":true,"alert":"x","badge":"++1"}"#)
        assertNotCreated(#"{"broadcast":true,"alert":"x","send_since":"tomorrow"}"#)
        assertNotCreated(#"{"broadcast":true,"alert":"x","tags":5}"#)
        assertNotCreated(#"{"broadcast":true,"alert":"x","custom_properties":["a"]}"#)
        assertNotCreated(#"{"broadcast":true,"alert":"x","custom_properties":{"a":{"b":1}}}"#)
        assertNotCreated(#"{"broadcast":true,"alert":"x","custom_properties":{"tp_id":"1"}}"#)
        assertNotCreated(#"{"broadcast":true,"alert":"x","inbox":"true"}"#)
        assertNotCreated(#"{"broadcast":true,"alert":"x","title":["t"]}"#)
        assertNotCreated(#"{"multiple_alias":{"a":{"alert":"\#(alert256)"}},"alert":"x"}"#)
        // THEN nothing was created; a 255-character alert and every speed are fine
        XCTAssertEqual(client.fake.twinPushNotifications(app: TwinPushTestClient.app), [])
        let alert255 = String(repeating: "é", count: 255)
        XCTAssertEqual(client.create(#"{"broadcast":true,"alert":"\#(alert255)","delivery_speed":"slow"}"#).status, 200)
        for speed in TwinPush.deliverySpeeds {
            XCTAssertEqual(client.create(#"{"broadcast":true,"alert":"x","delivery_speed":"\#(speed)"}"#).status, 200)
        }
    }

    func test_create_acceptsAMissingAlert_whenEveryMultipleTargetBringsItsOwn() {
        // GIVEN / WHEN multiple_alias entries that all override alert
        let reply = client.create(#"{"multiple_alias":{"a":{"alert":"Hi A"},"b":{"alert":"Hi B"}}}"#)
        // THEN the notification is created
        XCTAssertEqual(reply.status, 200, reply.text)
    }

    func test_register_answersDeviceNotCreated_whenUdidOrPlatformIsMissingOrInvalid() {
        // GIVEN / WHEN registers without udid, without platform, with another platform, with a bad field type
        let bodies = [
            #"{"platform":"ios"}"#, #"{"udid":"u"}"#, #"{"udid":"u","platform":"windows"}"#,
            #"{"udid":"","platform":"ios"}"#, #"{"udid":"u","platform":"ios","alias_device":["a"]}"#,
            #"{"udid":"u","platform":"android","os_version_code":"thirty"}"#,
        ]
        for body in bodies {
            // THEN 422 DeviceNotCreated each time
            assertTwinPushError(client.send("POST", client.path("/devices/register"), body), 422, "DeviceNotCreated")
        }
        XCTAssertEqual(client.fake.twinPushDevices(app: TwinPushTestClient.app), [])
    }

    func test_deviceUpdates_answerDeviceNotUpdated_whenBadgeOrLocationIsInvalid() {
        // GIVEN a device with badge 2
        let id = client.registerIOS()
        client.send("POST", client.devicePath(id, "/update_badge"), #"{"badge":2}"#)
        // WHEN / THEN unreadable badges and out-of-range locations are 422 DeviceNotUpdated
        for body in [#"{"badge":"abc"}"#, #"{}"#, #"{"badge":null}"#, #"{"badge":"+"}"#, #"{"badge":true}"#] {
            assertTwinPushError(
                client.send("POST", client.devicePath(id, "/update_badge"), body), 422, "DeviceNotUpdated")
        }
        for body in [
            #"{"device":{"latitude":91,"longitude":0}}"#, #"{"latitude":1,"longitude":2}"#,
            #"{"device":{"latitude":1}}"#,
        ] {
            assertTwinPushError(
                client.send("POST", client.devicePath(id, "/report_statistics"), body), 422, "DeviceNotUpdated")
        }
        // AND nothing changed
        XCTAssertEqual(client.fake.twinPushDevice(id: id)?.badge, 2)
        XCTAssertNil(client.fake.twinPushDevice(id: id)?.location)
    }

    func test_setCustomProperty_answersInvalidProperty_whenTheTypeOrValueDoesNotFit() {
        // GIVEN a device
        let id = client.registerIOS()
        let invalid = [
            #"{"name":"age","type":"integer","value":"43"}"#, #"{"name":"age","type":"integer","value":4.5}"#,
            #"{"name":"vip","type":"boolean","value":"yes"}"#, #"{"name":"vip","type":"boolean","value":2}"#,
            #"{"name":"w","type":"float","value":"1.5"}"#, #"{"name":"g","type":"enum","value":3}"#,
            #"{"name":"l","type":"enum_list","value":["a",1]}"#, #"{"name":"s","type":"string","value":true}"#,
            #"{"name":"x","type":"date","value":"2020"}"#, #"{"name":"x","value":"v"}"#,
            #"{"type":"string","value":"v"}"#,
        ]
        for body in invalid {
            // WHEN / THEN each is 422 InvalidProperty
            assertTwinPushError(
                client.send("POST", client.devicePath(id, "/set_custom_property"), body), 422, "InvalidProperty")
        }
        XCTAssertEqual(client.fake.twinPushDevice(id: id)?.customProperties, [])
        // AND iOS's @1 for a boolean is stored as true
        client.send(
            "POST", client.devicePath(id, "/set_custom_property"), #"{"name":"vip","type":"boolean","value":1}"#)
        XCTAssertEqual(client.fake.twinPushDevice(id: id)?.customProperty("vip")?.value, true)
    }
}

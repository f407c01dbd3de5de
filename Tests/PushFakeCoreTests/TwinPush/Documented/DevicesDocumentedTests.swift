import PushFakeCore
import PushFakeTestSupport
import XCTest

/// TwinPush's "Devices" page (TwinPush/api-docs at b4b5d47), part 1: the device model, `index`, `register` and
/// `show`, from the documents' own examples. The device calls are in DeviceCallsDocumentedTests.
final class DevicesDocumentedTests: XCTestCase {
    private let client: TwinPushTestClient = {
        var client = TwinPushTestClient(fake: PushFake())
        client.app = "12mj18sja89"
        return client
    }()
    private static let tokenHeader: HTTPHeaders = [
        "X-TwinPush-REST-API-Token": TwinPushTestClient.apiToken, "Content-Type": "application/json; charset: utf-8",
    ]

    @discardableResult
    private func register(_ body: String) -> TwinPushReply {
        client.send("POST", client.path("/devices/register"), body, headers: Self.tokenHeader)
    }

    /// "register", the first example body: an iPad (it names `platform` twice, which JSON parsers take as one).
    func test_register_answersTheDeviceObject_forTheDocumentedIOSExample() throws {
        let reply = register(
            #"{"udid": "002ebf12a1255ddfa73967c3c5d20177", "platform": "ios","#
                + #" "push_token": "5geamqy5 6xmrxfk1 5zpbcxmw ez3w7ksf cscpr55t trknkzap 7yyt41ss g6jrw7qz","#
                + #" "alias_device": "techie4", "platform": "ios", "language": "en_GB", "device_code": "iPad2","#
                + #" "device_model": "iPad 2", "device_manufacturer": "Apple", "app_version": "1.4.2","#
                + #" "sdk_version": "1.0", "os_version": "9.1"}"#)
        // THEN `{"objects":[<Device>],"references":[]}` with every field of the example answer
        XCTAssertEqual(reply.status, 200, reply.text)
        XCTAssertEqual(reply.json["references"], [])
        let device = try XCTUnwrap(reply.json["objects"]?[0])
        let expected: [String: JSON] = [
            "push_token": "5geamqy5 6xmrxfk1 5zpbcxmw ez3w7ksf cscpr55t trknkzap 7yyt41ss g6jrw7qz",
            "last_registered_at": "2026-01-01 00:00:00 UTC", "created_at": "2026-01-01 00:00:00 UTC",
            "updated_at": "2026-01-01 00:00:00 UTC", "app_id": "12mj18sja89", "platform": "ios", "language": "en_GB",
            "device_code": "iPad2", "device_model": "iPad 2", "device_manufacturer": "Apple", "app_version": "1.4.2",
            "sdk_version": "1.0", "os_version": "9.1", "alias_device": "techie4", "type": "Device",
        ]
        for (key, value) in expected { XCTAssertEqual(device[key], value, key) }
        XCTAssertEqual(device["id"]?.stringValue?.count, 16)
    }

    /// "register": the Android example, then the "only update" example naming the `device_id`.
    func test_register_createsThenUpdatesByDeviceID_forTheDocumentedAndroidExamples() throws {
        let created = register(
            #"{"udid": "f12a1255ddfjd123", "platform": "android", "#
                + #""push_token": "APA91bHPRgkF3JUikC4ENAHEeMrd41Zxv3hVZjv9YtT8OvPWGJhQMRK3rZuJEcl7B38q", "#
                + #""alias_device": "techie4"}"#)
        let id = try XCTUnwrap(created.json["objects"]?[0]?["id"]?.stringValue)
        // The documented update-only body, with its unknown id: 404, not a new device
        let unknown = register(
            #"{"device_id": "39068e2378d700cb", "push_token": "APA91b-new", "alias_device": "techie4"}"#)
        assertTwinPushError(unknown, 404, "DeviceNotFound")
        // The same with the id register gave: the device is updated, udid and platform kept
        let updated = register(#"{"device_id": "\#(id)", "push_token": "APA91b-new", "alias_device": "techie5"}"#)
        XCTAssertEqual(updated.json["objects"]?[0]?["id"]?.stringValue, id)
        let devices = client.fake.twinPushDevices(app: client.app)
        XCTAssertEqual(devices.map(\.pushToken), ["APA91b-new"])
        XCTAssertEqual(devices.map(\.alias), ["techie5"])
        XCTAssertEqual(devices.map(\.udid), ["f12a1255ddfjd123"])
        // AND registering the same udid-platform again updates that device rather than making another
        register(#"{"udid": "f12a1255ddfjd123", "platform": "android", "language": "es_ES"}"#)
        XCTAssertEqual(client.fake.twinPushDevices(app: client.app).map(\.id), [id])
    }

    /// "register", optional params: an empty value sets the property to null; an absent one leaves it alone.
    func test_register_clearsEmptyFields_andIgnoresAbsentOnes() throws {
        register(#"{"udid": "u", "platform": "ios", "language": "en_GB", "app_version": "1.4.2"}"#)
        let reply = register(#"{"udid": "u", "platform": "ios", "language": ""}"#)
        let device = try XCTUnwrap(reply.json["objects"]?[0])
        XCTAssertEqual(device["language"], .null)
        XCTAssertEqual(device["app_version"], "1.4.2")
        // AND udid and platform are required, platform one of ios, android, huawei
        assertTwinPushError(register(#"{"platform": "ios"}"#), 422, "DeviceNotCreated")
        assertTwinPushError(register(#"{"udid": "u", "platform": "windows"}"#), 422, "DeviceNotCreated")
        XCTAssertEqual(register(#"{"udid": "h", "platform": "huawei"}"#).status, 200)
    }

    /// "show": `GET /apps/{app}/devices/{device}` answers the bare Device object with `active`,
    /// `registration_updated_at` and `custom_properties`; an unknown id is 404 "Device not found".
    func test_show_answersTheBareDeviceObject_andNotFoundForAnUnknownID() throws {
        var client = client
        client.app = "313639abc"
        let id = client.registerAndroid(udid: "Aquaris_E5_HD")
        let reply = client.backend("GET", client.path("/devices/\(id)"))
        XCTAssertEqual(reply.status, 200, reply.text)
        XCTAssertEqual(reply.json["id"]?.stringValue, id)
        XCTAssertEqual(reply.json["app_id"], "313639abc")
        XCTAssertEqual(reply.json["alias_device"], .null)
        XCTAssertEqual(reply.json["active"], true)
        XCTAssertEqual(reply.json["registration_updated_at"], "2026-01-01 00:00:00 UTC")
        XCTAssertEqual(reply.json["custom_properties"], [])
        XCTAssertEqual(reply.json["type"], "Device")
        assertTwinPushError(client.backend("GET", client.path("/devices/456abcdefg")), 404, "DeviceNotFound")
    }

    /// "index": the example request (`date=2014-11-01&page=1&per_page=50`) lists every device changed since.
    func test_index_answersThePaginatedDevices_forTheDocumentedExampleRequest() {
        client.registerIOS(udid: "a", alias: "techie4")
        client.registerAndroid(udid: "b")
        let reply = client.backend("GET", client.path("/devices?date=2014-11-01&page=1&per_page=50"))
        XCTAssertEqual(reply.status, 200, reply.text)
        XCTAssertEqual(reply.json["objects"]?.arrayValue?.count, 2)
        XCTAssertEqual(reply.json["per_page"], 50)
        XCTAssertEqual(reply.json["references"], [])
    }

    /// "index", `alias`: the devices whose alias matches, ignoring case.
    func test_index_filtersByAliasIgnoringCase() {
        let ana = client.registerIOS(udid: "a", alias: "Techie4")
        client.registerIOS(udid: "b", alias: "other")
        let ids = { (query: String) in
            self.client.backend("GET", self.client.path("/devices?" + query)).json["objects"]?.arrayValue?.map {
                $0["id"]?.stringValue ?? ""
            }
        }
        XCTAssertEqual(ids("alias=techie4"), [ana])
        XCTAssertEqual(ids("alias=TECHIE4"), [ana])
        XCTAssertEqual(ids("alias=techie"), [])
    }

    /// "index", `active`: devices whose activity flag matches (a device without a push token is inactive).
    func test_index_filtersByActive() {
        let active = client.registerIOS(udid: "a")
        let inactive = client.registerIOS(udid: "b", token: nil)
        let ids = { (value: String) in
            self.client.backend("GET", self.client.path("/devices?active=" + value)).json["objects"]?.arrayValue?
                .map { $0["id"]?.stringValue ?? "" }
        }
        XCTAssertEqual(ids("true"), [active])
        XCTAssertEqual(ids("false"), [inactive])
    }

    /// "index", `date`: devices whose registration info (active, alias, push token, custom properties) changed
    /// since the date, in both documented formats.
    func test_index_filtersByDate_inBothDocumentedFormats() {
        let early = client.registerIOS(udid: "a")
        let late = client.registerIOS(udid: "b")
        client.fake.advanceClock(by: 86_400)  // 2026-01-02 00:00:00 UTC
        // only the alias of the second device changes now; a usage report is no registration change
        client.registerIOS(udid: "b", alias: "techie4")
        client.send("POST", client.devicePath(early, "/open_app"))
        let ids = { (date: String) in
            self.client.backend("GET", self.client.path("/devices?date=" + date)).json["objects"]?.arrayValue?.map {
                $0["id"]?.stringValue ?? ""
            }
        }
        XCTAssertEqual(ids("2026-01-01"), [early, late])
        XCTAssertEqual(ids("2026-01-02"), [late])
        XCTAssertEqual(ids("2026-01-02T01:00:00%2B02:00"), [late])  // 2026-01-01 23:00 UTC
        XCTAssertEqual(ids("2026-01-02T03:00:00%2B02:00"), [])  // 2026-01-02 01:00 UTC
        // the documented format written as is in a URL: its `+` arrives as a space, and is read back as `+`
        XCTAssertEqual(ids("2026-01-02T01:00:00+02:00"), [late])
        assertTwinPushError(client.backend("GET", client.path("/devices?date=yesterday")), 400, "BadRequest")
    }
}

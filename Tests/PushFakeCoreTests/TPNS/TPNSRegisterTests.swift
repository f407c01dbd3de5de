import PushFakeCore
import PushFakeTestSupport
import XCTest

final class TPNSRegisterTests: XCTestCase {
    func test_register_answers200EnvelopeEchoingDeviceId_whenValid() {
        let fake = PushFake()
        let exchange = fake.tpnsRegister(deviceId: "DEV-1")
        XCTAssertEqual(exchange.response.status, 200)
        XCTAssertEqual(exchange.bodyText, #"{"success":true,"message":null,"errors":[],"deviceId":"DEV-1"}"#)
    }

    func test_register_storesSDKBodyAsSent_whenREADMEExampleUsed() throws {
        let fake = PushFake()
        let body = #"""
            {"deviceId":"E621E1F8-C36C-495A-93FC-0C247A3E6E5F","deviceRegistrationId":"0f1e","applicationKey":"testApp",\#
            "applicationType":"IOS_SAND","additionalParameters":[{"key":"SomeAdditionalID","value":4711},\#
            {"key":"OtherID","value":"randomValue"}]}
            """#
        XCTAssertEqual(fake.send("POST", "/TPNS/api/device/register", json: body).response.status, 200)
        let device = try XCTUnwrap(fake.tpnsDevices(applicationKey: "testApp").first)
        XCTAssertEqual(device.deviceRegistrationId, "0f1e")
        XCTAssertEqual(device.platform, .iosSandbox)
        XCTAssertEqual(device.additionalParameters?[0]?["value"], 4711)
        XCTAssertEqual(device.additionalParameters?[1]?["value"], "randomValue")
    }

    func test_register_answers422NamingEachField_whenRequiredFieldsMissingOrInvalid() throws {
        let fake = PushFake()
        let exchange = fake.send(
            "POST", "/TPNS/api/device/register", json: #"{"deviceId":"","applicationType":"WINDOWS"}"#)
        XCTAssertEqual(exchange.response.status, 422)
        let json = try XCTUnwrap(exchange.json)
        XCTAssertEqual(json["success"], false)
        XCTAssertNotNil(json["message"]?.stringValue)
        let fields = json["errors"]?.arrayValue?.compactMap { $0["field"]?.stringValue }
        XCTAssertEqual(fields, ["deviceId", "applicationKey", "applicationType"])
        XCTAssertEqual(json["errors"]?[2]?["errorCode"], "InvalidValue")
    }

    func test_register_answers422_whenFieldHasWrongType() {
        let fake = PushFake()
        let exchange = fake.send(
            "POST", "/TPNS/api/device/register",
            json: #"{"deviceId":42,"applicationKey":"k","applicationType":"AOS","additionalParameters":{"a":1}}"#)
        XCTAssertEqual(exchange.response.status, 422)
        XCTAssertEqual(exchange.json?["errors"]?[0]?["field"], "deviceId")
        XCTAssertEqual(exchange.json?["errors"]?[0]?["errorCode"], "InvalidType")
        XCTAssertEqual(exchange.json?["errors"]?[1]?["field"], "additionalParameters")
    }

    func test_register_answers422_whenTokenIsBrokenNSDataDescription() {
        let fake = PushFake()
        let exchange = fake.tpnsRegister(token: "{length=32,bytes=0x965b251e...376eab7c}")
        XCTAssertEqual(exchange.response.status, 422)
        XCTAssertEqual(exchange.json?["errors"]?[0]?["errorCode"], "InvalidToken")
        XCTAssertTrue(fake.tpnsDevices(applicationKey: "testApp").isEmpty)
    }

    func test_register_answers400_whenBodyIsNotJSON() {
        let fake = PushFake()
        let exchange = fake.send("POST", "/TPNS/api/device/register", json: "deviceId=1")
        XCTAssertEqual(exchange.response.status, 400)
        XCTAssertEqual(exchange.json?["success"], false)
        XCTAssertEqual(exchange.json?["errors"]?[0]?["errorCode"], "InvalidJson")
    }

    func test_register_acceptsDeviceWithoutToken_whenAndroidSendsMinusOneOrNothing() throws {
        let fake = PushFake()
        XCTAssertEqual(fake.tpnsRegister(deviceId: "A", token: "-1", type: "AOS").response.status, 200)
        XCTAssertEqual(fake.tpnsRegister(deviceId: "B", token: nil, type: "AOS").response.status, 200)
        XCTAssertEqual(fake.tpnsDevices(applicationKey: "testApp").map(\.hasToken), [false, false])
        XCTAssertTrue(try XCTUnwrap(fake.journal.entries.last).notes.contains { $0.contains("without a token") })
    }

    func test_register_answers422_whenTokenRequiredByConfigurationAndMissing() {
        let fake = PushFake(PushFakeConfiguration(tpnsRequireRegistrationID: true))
        XCTAssertEqual(fake.tpnsRegister(token: "-1").response.status, 422)
        XCTAssertEqual(fake.tpnsRegister(token: "ab").response.status, 200)
    }

    func test_register_upsertsAndReactivates_whenSameDeviceRegistersAgain() throws {
        let fake = PushFake()
        fake.tpnsRegister(deviceId: "D", token: "t1")
        fake.tpnsUnregister(deviceId: "D")
        XCTAssertEqual(fake.tpnsDevices(applicationKey: "testApp").first?.isActive, false)
        fake.tpnsRegister(deviceId: "D", token: "t2")
        let devices = fake.tpnsDevices(applicationKey: "testApp")
        XCTAssertEqual(devices.count, 1)
        XCTAssertEqual(devices.first?.isActive, true)
        XCTAssertEqual(devices.first?.deviceRegistrationId, "t2")
        XCTAssertEqual(fake.journal.entries.last?.notes.contains("device reactivated"), true)
    }

    /// The usual notes of a register are one shared array each: a note added after one of them leaves the next
    /// register's notes as they should be, in order.
    func test_register_notesEachOutcomeInOrder_whenOneRegisterAddsASecondNote() {
        let fake = PushFake()
        fake.tpnsRegister(deviceId: "A", token: "t1", appKey: "app")
        fake.tpnsRegister(deviceId: "B", token: nil, appKey: "app", type: "AOS")
        fake.tpnsRegister(deviceId: "C", token: "t3", appKey: "app")
        fake.tpnsRegister(deviceId: "B", token: nil, appKey: "app", type: "AOS")
        fake.tpnsRegister(deviceId: "C", token: "t4", appKey: "app")
        let without = "registered without a token: sends will not deliver to this device"
        XCTAssertEqual(
            fake.journal.entries.map(\.notes),
            [
                ["application key app auto-provisioned", "new device"], ["new device", without], ["new device"],
                ["device updated", without], ["device updated"],
            ])
    }

    func test_register_answers422_whenApplicationKeyNotDeclared() {
        let fake = PushFake(PushFakeConfiguration(tpnsApps: ["declared"]))
        let rejected = fake.tpnsRegister(appKey: "other")
        XCTAssertEqual(rejected.response.status, 422)
        XCTAssertEqual(rejected.json?["errors"]?[0]?["field"], "applicationKey")
        XCTAssertEqual(fake.tpnsRegister(appKey: "declared").response.status, 200)
    }

    func test_register_notesAutoProvisioning_whenNoAppsDeclared() {
        let fake = PushFake()
        fake.tpnsRegister(appKey: "fresh")
        fake.tpnsRegister(deviceId: "second", appKey: "fresh")
        XCTAssertEqual(
            fake.journal.entries.map { $0.notes.contains { $0.contains("auto-provisioned") } }, [true, false])
    }
}

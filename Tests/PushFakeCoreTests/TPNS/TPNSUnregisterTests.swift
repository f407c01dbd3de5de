import PushFakeCore
import PushFakeTestSupport
import XCTest

final class TPNSUnregisterTests: XCTestCase {
    func test_unregister_answers200_whenDeviceUnknown() {
        let fake = PushFake()
        let exchange = fake.tpnsUnregister(deviceId: "never-registered")
        XCTAssertEqual(exchange.response.status, 200)
        XCTAssertEqual(exchange.bodyText, #"{"success":true,"message":null,"errors":[]}"#)
        XCTAssertEqual(fake.journal.entries.last?.notes, ["device was not known"])
    }

    func test_unregister_deactivatesAndJournalsKnownDevice_whenRegistered() throws {
        let fake = PushFake()
        fake.tpnsRegister(deviceId: "D")
        let exchange = fake.tpnsUnregister(deviceId: "D")
        XCTAssertEqual(exchange.response.status, 200)
        XCTAssertEqual(fake.journal.entries.last?.notes, ["device was known; now unregistered"])
        XCTAssertEqual(fake.journal.entries.last?.device, "D")
        XCTAssertEqual(fake.journal.entries.last?.app, "testApp")
        let device = try XCTUnwrap(fake.tpnsDevices(applicationKey: "testApp").first)
        XCTAssertFalse(device.isActive)
        XCTAssertEqual(device.unregisteredAt, fake.now)
    }

    func test_unregister_acceptsEmptyBodyOrGarbage_whenAndroidSendsNoBody() {
        let fake = PushFake()
        XCTAssertEqual(fake.send("PUT", "/TPNS/api/application/k/device/d/unregister", json: "").response.status, 200)
        XCTAssertEqual(fake.send("PUT", "/api/application/k/device/d/unregister", json: "<x>").response.status, 200)
    }

    func test_unregister_answers200_whenAppNotDeclaredInStrictMode() {
        let fake = PushFake(PushFakeConfiguration(tpnsApps: ["declared"]))
        XCTAssertEqual(fake.tpnsUnregister(deviceId: "d", appKey: "other").response.status, 200)
        XCTAssertEqual(fake.journal.entries.last?.notes.contains("application key is not declared"), true)
    }
}

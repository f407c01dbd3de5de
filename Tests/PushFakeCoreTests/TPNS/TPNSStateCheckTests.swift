import PushFakeCore
import PushFakeTestSupport
import XCTest

final class TPNSStateCheckTests: XCTestCase {
    private let checked = PushFakeConfiguration(stateChecks: true)

    func test_unregister_answers1000_whenStateChecksOnAndDeviceNotRegistered() {
        let fake = PushFake(checked)
        let exchange = fake.tpnsUnregister(deviceId: "ghost")
        XCTAssertEqual(exchange.response.status, 404)
        XCTAssertEqual(exchange.json?["errors"]?[0]?["errorCode"], -1000)
        XCTAssertEqual(exchange.json?["message"]?.stringValue, TPNSErrorCode.deviceNotRegistered.text)
        fake.tpnsRegister(deviceId: "ghost")
        XCTAssertEqual(fake.tpnsUnregister(deviceId: "ghost").response.status, 200)
        XCTAssertEqual(fake.tpnsUnregister(deviceId: "ghost").response.status, 404)
    }

    func test_register_answers1002_whenStateChecksOnAndSameTokenRegisteredAgain() {
        let fake = PushFake(checked)
        XCTAssertEqual(fake.tpnsRegister(deviceId: "D", token: "t").response.status, 200)
        let again = fake.tpnsRegister(deviceId: "D", token: "t")
        XCTAssertEqual(again.response.status, 409)
        XCTAssertEqual(again.json?["errors"]?[0]?["errorCode"], -1002)
        XCTAssertEqual(again.json?["errors"]?[0]?["field"], "deviceId")
        XCTAssertEqual(fake.tpnsRegister(deviceId: "D", token: "rotated").response.status, 200)
    }

    func test_register_answers1001_whenStateChecksOnAndEarlierRegisterStillDelayed() {
        let fake = PushFake(checked)
        fake.inject(.delay(30), when: .tpns(.register), scope: .once)
        XCTAssertEqual(fake.tpnsRegister(deviceId: "D", token: "t").delay, 30)
        let second = fake.tpnsRegister(deviceId: "D", token: "t2")
        XCTAssertEqual(second.response.status, 409)
        XCTAssertEqual(second.json?["errors"]?[0]?["errorCode"], -1001)
        XCTAssertEqual(fake.tpnsRegister(deviceId: "other").response.status, 200)
    }

    func test_stateChecks_areOffByDefault_whenSameTokenRegisteredTwice() {
        let fake = PushFake()
        fake.tpnsRegister(deviceId: "D", token: "t")
        XCTAssertEqual(fake.tpnsRegister(deviceId: "D", token: "t").response.status, 200)
        XCTAssertEqual(fake.tpnsUnregister(deviceId: "unknown").response.status, 200)
    }
}

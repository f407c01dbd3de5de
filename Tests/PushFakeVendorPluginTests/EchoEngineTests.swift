import PushFakeCore
import PushFakeTestSupport
import XCTest

/// A vendor registered from outside PushFakeCore gets routing, the journal, faults, matchers, ids, the clock tick
/// and reset from the engine, with no change to the engine.
final class EchoEngineTests: XCTestCase {
    func test_route_servesTheThirdVendorNextToTheStandardOnes_whenRegistered() throws {
        let fake = try PushFake.withEcho()
        XCTAssertEqual(fake.vendors.vendors, [.tpns, .twinPush, .echo])
        fake.send("POST", "/echo/devices/d1")
        let said = fake.send("POST", "/echo/devices/d1/say", json: #"{"text":"hello"}"#)
        XCTAssertEqual(said.response.status, 200)
        XCTAssertEqual(said.response.json, ["id": "6000000000000001", "echo": "hello"])
        XCTAssertEqual(said.label, "echo.say")
        let register = fake.send(
            "POST", "/TPNS/api/device/register",
            json: #"{"deviceId":"D","applicationKey":"k","applicationType":"AOS","deviceRegistrationId":"t"}"#)
        XCTAssertEqual(register.response.status, 200, "TPNS is served as before")
        XCTAssertEqual(fake.echoMessages.map(\.text), ["hello"])
        XCTAssertTrue(fake.knownRoutes.contains("POST /echo/devices/{device}/say"))
    }

    func test_journal_recordsVendorOperationDeviceAndDeliveries_whenEchoCalled() throws {
        let fake = try PushFake.withEcho()
        fake.send("POST", "/echo/devices/d1")
        fake.send("POST", "/echo/devices/d1/say", json: #"{"text":"hi"}"#)
        let entry = try XCTUnwrap(fake.journal.entries.last)
        XCTAssertEqual(entry.vendor, .echo)
        XCTAssertEqual(entry.operation, .say)
        XCTAssertEqual(entry.device, "d1")
        XCTAssertEqual(entry.deliveryIDs, ["3000000000000001"])
        XCTAssertEqual(fake.deliveries(causedBy: entry).first?.payloadJSON, ["echo": "hi"])
        XCTAssertEqual(fake.journal.entries.first?.notes, ["echo device d1"])
        XCTAssertEqual(entry.jsonValue["vendor"], "echo")
    }

    func test_unknownPathAndWrongMethod_answerInTheEchoShape_whenUnderEchoPrefix() throws {
        let fake = try PushFake.withEcho()
        let missing = fake.send("GET", "/echo/nothing")
        XCTAssertEqual(missing.response.status, 404)
        XCTAssertEqual(missing.response.json?["echoError"]?["code"], "Status404")
        XCTAssertEqual(missing.response.json?["echoError"]?["message"], "No route for GET /echo/nothing")
        let wrongMethod = fake.send("GET", "/echo/devices/d1/say")
        XCTAssertEqual(wrongMethod.response.status, 405)
        XCTAssertEqual(wrongMethod.response.headers["Allow"], "POST")
        XCTAssertEqual(wrongMethod.response.json?["echoError"]?["code"], "Status405")
        XCTAssertEqual(fake.journal.entries.map(\.vendor), [.echo, .echo])
        XCTAssertEqual(fake.entries(matching: .vendor(.echo)).filter(\.isUnmatched).count, 2)
    }

    func test_faults_applyEchoErrorsAndStatusesInTheEchoShape_whenInjectedFromSwift() throws {
        let fake = try PushFake.withEcho()
        fake.send("POST", "/echo/devices/d1")
        let rule = fake.inject(.echoError(.busy), when: .vendor(.echo).operation(.say))
        fake.inject(.status(502), when: .vendor(.echo).operation(.history))
        let busy = fake.send("POST", "/echo/devices/d1/say", json: #"{"text":"hi"}"#)
        XCTAssertEqual(busy.response.status, 503)
        XCTAssertEqual(busy.response.json?["echoError"]?["code"], "Busy")
        XCTAssertEqual(fake.journal.entries.last?.fault?.ruleID, rule)
        XCTAssertEqual(fake.journal.entries.last?.fault?.fault.description, "Echo error Busy")
        XCTAssertTrue(fake.echoMessages.isEmpty, "the handler did not run")
        let status = fake.send("GET", "/echo/messages")
        XCTAssertEqual(status.response.status, 502)
        XCTAssertEqual(status.response.json?["echoError"]?["message"], "Bad Gateway")
        XCTAssertEqual(fake.send("POST", "/echo/devices/d1/say", json: #"{"text":"hi"}"#).response.status, 200)
    }

    func test_faultRuleJSON_readsTheEchoKey_whenParsedWithTheEngineVendors() throws {
        let fake = try PushFake.withEcho()
        let json = try JSON.parse(
            #"{"match":{"vendor":"echo","operation":"say"},"fault":{"echoError":"TooLoud","delay":0.5}}"#)
        let spec = try FaultRuleSpec(json: json, vendors: fake.vendors)
        XCTAssertEqual(spec.fault, Fault.echoError(.tooLoud).delayed(by: 0.5))
        XCTAssertEqual(spec.matcher.vendor, .echo)
        XCTAssertThrowsError(try FaultRuleSpec(json: json), "the standard registry knows no echo") { error in
            XCTAssertEqual("\(error)", #"match.vendor: "echo" is not a registered vendor; use tpns or twinPush"#)
        }
        let unknownKey = try JSON.parse(#"{"fault":{"shout":true}}"#)
        XCTAssertThrowsError(try FaultRuleSpec(json: unknownKey, vendors: fake.vendors)) { error in
            XCTAssertEqual(
                "\(error)",
                "fault.shout: is not a known field; use tpnsError, twinPushError, echoError, message, status, body, "
                    + "delay, drop or malformedBody")
        }
        let badValue = try JSON.parse(#"{"fault":{"echoError":"Quiet"}}"#)
        XCTAssertThrowsError(try FaultRuleSpec(json: badValue, vendors: fake.vendors)) { error in
            XCTAssertEqual("\(error)", "fault.echoError: echoError must be Busy or TooLoud")
        }
    }

    func test_matcher_selectsEchoOperations_whenQueried() throws {
        let fake = try PushFake.withEcho()
        fake.send("POST", "/echo/devices/d1")
        fake.send("POST", "/echo/devices/d1/say", json: #"{"text":"a"}"#)
        fake.send("POST", "/echo/devices/d1/say", json: #"{"text":"b"}"#)
        fake.send("GET", "/TPNS/api/nothing")
        XCTAssertEqual(fake.entries(matching: .vendor(.echo)).count, 3)
        XCTAssertEqual(fake.entries(matching: .vendor(.echo).operation(.say)).map(\.sequence), [2, 3])
        XCTAssertEqual(fake.entries(matching: .vendor(.echo).operation(.say).bodyField("text", equals: "b")).count, 1)
        XCTAssertEqual(RequestMatcher.vendor(.echo).operation(.say).description, "vendor=echo, operation=say")
    }

    func test_clockTickAndReset_reachTheEchoState_whenTheEngineIsDriven() throws {
        let fake = try PushFake.withEcho()
        fake.advanceClock(by: 60)
        fake.setClock(to: FakeClock.defaultEpoch)
        XCTAssertEqual(fake.echoTicks, 2)
        fake.send("POST", "/echo/devices/d1")
        fake.send("POST", "/echo/devices/d1/say", json: #"{"text":"a"}"#)
        fake.reset()
        XCTAssertEqual(fake.echoTicks, 0)
        XCTAssertTrue(fake.echoMessages.isEmpty)
        XCTAssertEqual(fake.view(.devices, of: .echo), [])
        fake.send("POST", "/echo/devices/d1")
        XCTAssertEqual(
            fake.send("POST", "/echo/devices/d1/say", json: #"{"text":"a"}"#).response.json?["id"],
            "6000000000000001", "ids start over")
    }

    func test_ids_ofTheStandardVendorsStayTheSame_whenEchoIsRegistered() throws {
        let fake = try PushFake.withEcho(PushFakeConfiguration(seed: 7))
        let plain = PushFake(PushFakeConfiguration(seed: 7))
        let register = #"{"udid":"U","platform":"ios","push_token":"T"}"#
        let withEcho = fake.send("POST", "/api/v2/apps/app/devices/register", json: register)
        let without = plain.send("POST", "/api/v2/apps/app/devices/register", json: register)
        XCTAssertEqual(withEcho.response.body, without.response.body)
    }
}

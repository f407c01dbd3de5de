import PushFakeCore
import PushFakeTestSupport
import XCTest

/// Strings are never read as U+FFFD: invalid UTF-8 and unpaired surrogate escapes are errors (issue 8).
final class JSONTextTests: XCTestCase {
    private func failure(_ bytes: [UInt8], file: StaticString = #filePath, line: UInt = #line) -> JSONSyntaxError? {
        do {
            _ = try JSON.parse(bytes)
            XCTFail("accepted \(bytes)", file: file, line: line)
            return nil
        } catch {
            return error
        }
    }

    func test_parse_rejectsUnpairedSurrogates_withOffsetAndPath() {
        let lone = failure(Array(#"{"deviceId":"\ud800"}"#.utf8))
        XCTAssertEqual(lone?.message, #"unpaired surrogate escape \uD800 at byte 13 (in deviceId)"#)
        XCTAssertEqual(lone?.offset, 13)
        XCTAssertEqual(lone?.path, "deviceId")
        XCTAssertEqual(lone?.isStringError, true)
        XCTAssertEqual(failure(Array(#"["ok",{"a":["\udc00"]}]"#.utf8))?.path, "[1].a[0]")
        XCTAssertEqual(
            failure(Array(#"["\ud800\u0041"]"#.utf8))?.message, #"unpaired surrogate escape \uD800 at byte 2 (in [0])"#)
        XCTAssertNotNil(failure(Array(#""\ud800x""#.utf8)))
        XCTAssertNotNil(failure(Array(#""\ude00\ud83d""#.utf8)))
    }

    func test_parse_rejectsInvalidUTF8_withOffsetOfFirstBadByte() {
        let prefix = Array(#"{"deviceId":"ab"#.utf8)
        for bad: [UInt8] in [
            [0xFF], [0xFE], [0xC0, 0x80], [0xE0, 0x80, 0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80],
            [0xF5, 0x80, 0x80, 0x80], [0xC3], [0x80], [0xE2, 0x82],
        ] {
            let error = failure(prefix + bad + Array(#""}"#.utf8))
            XCTAssertEqual(error?.offset, prefix.count, "\(bad)")
            XCTAssertEqual(error?.path, "deviceId", "\(bad)")
            XCTAssertEqual(error?.message, "invalid UTF-8 in string at byte \(prefix.count) (in deviceId)", "\(bad)")
        }
        // in a key, and after an escape
        XCTAssertEqual(failure(Array(#"{"a":{""#.utf8) + [0xFF] + Array(#"":1}}"#.utf8))?.path, "a")
        XCTAssertEqual(failure(Array(#"["\n"#.utf8) + [0xFF] + Array(#""]"#.utf8))?.offset, 4)
    }

    func test_parse_acceptsWellFormedUTF8_ofEveryLength() throws {
        let text = "é€😀\u{10FFFF}\u{7F}"
        XCTAssertEqual(try JSON.parse(Array("[\"\(text)\"]".utf8)), [.string(text)])
        XCTAssertEqual(try JSON.parse(Array("[\"\\n\(text)\"]".utf8)), [.string("\n" + text)])
    }

    func test_tpnsRegister_answers400NamingDeviceId_whenDeviceIdIsNotText() {
        let fake = PushFake()
        // Built in steps: Swift 6.0 cannot type-check the one-expression form in reasonable time.
        let rest: [UInt8] = Array(#""applicationKey":"K","applicationType":"IOS","deviceRegistrationId":"ab"}"#.utf8)
        let open: [UInt8] = Array(#"{"deviceId":""#.utf8)
        let close: [UInt8] = Array(#"","#.utf8)
        let lowSurrogate: [UInt8] = Array(#"{"deviceId":"\ud800","#.utf8)
        let highSurrogate: [UInt8] = Array(#"{"deviceId":"\udfff","#.utf8)
        var bodies: [[UInt8]] = [lowSurrogate + rest, highSurrogate + rest]
        for invalid: UInt8 in [0xFF, 0xFE] { bodies.append(open + [invalid] + close + rest) }
        for body in bodies {
            let exchange = fake.handle(FakeRequest(method: "POST", path: "/TPNS/api/device/register", body: body))
            XCTAssertEqual(exchange.response.status, 400)
            XCTAssertEqual(exchange.json?["errors"]?[0]?["field"], "deviceId")
            XCTAssertEqual(exchange.json?["errors"]?[0]?["errorCode"], "InvalidJson")
        }
        XCTAssertTrue(fake.tpnsDevices().isEmpty, "no device is registered under U+FFFD")
    }

    func test_tpnsSend_namesElementField_whenMessageIsNotText() {
        let fake = PushFake()
        let body = Array(#"[{"message":"\udbff x","handlingLevel":1}]"#.utf8)
        let exchange = fake.handle(FakeRequest(method: "POST", path: "/TPNS/api/pushnotifications", body: body))
        XCTAssertEqual(exchange.response.status, 400)
        XCTAssertEqual(exchange.json?["errors"]?[0]?["field"], "[0].message")
    }

    func test_twinPushRegister_answersNotAcceptableNamingUdid_whenUdidIsNotText() {
        let client = TwinPushTestClient(fake: PushFake())
        let body = Array(#"{"platform":"ios","udid":""#.utf8) + [0xC0, 0xAF] + Array(#""}"#.utf8)
        let request = FakeRequest(method: "POST", path: client.path("/devices/register"), body: body)
        let reply = TwinPushReply(response: client.fake.handle(request).response)
        XCTAssertEqual(reply.status, 406)
        XCTAssertEqual(reply.errorType, "NotAcceptable")
        XCTAssertEqual(
            reply.json["errors"]?["message"],
            "udid must be valid UTF-8 text: invalid UTF-8 in string at byte 26 (in udid)")
        XCTAssertTrue(client.fake.twinPushDevices(app: client.app).isEmpty)
    }

    func test_pathSegments_stayDistinct_whenPercentEscapesAreNotUTF8() {
        let fake = PushFake()
        fake.tpnsRegister(deviceId: "%FE")
        fake.tpnsRegister(deviceId: "%FF")
        fake.tpnsUnregister(deviceId: "%FF")
        XCTAssertEqual(fake.tpnsDevices().map(\.isActive), [true, false])
        XCTAssertEqual(fake.journal.entries.last?.device, "%FF")
    }
}

import PushFakeCore
import PushFakeTestSupport
import XCTest

/// Hostile bodies and paths never crash the engine, never lose a request, and always get a JSON answer.
final class BadInputTests: XCTestCase {
    private let seeds = [
        #"{"deviceId":"D","deviceRegistrationId":"ab","applicationKey":"k","applicationType":"IOS","additionalParameters":[{"key":"a","value":1}]}"#,
        #"[{"message":"m","handlingLevel":1,"applicationKey":"k","applicationTypes":["AOS"],"deviceIds":null}]"#,
        #"{"udid":"U","platform":"android","push_token":"t","alias_device":"al","os_version_code":29}"#,
        #"{"broadcast":true,"alert":"hi","custom_properties":{"a":1},"tags":["x"],"inbox":true,"badge":"+1"}"#,
        #"{"name":"p","type":"enum_list","value":["a","b"]}"#,
        #"{"device":{"latitude":40.3,"longitude":-3.7}}"#,
    ]
    private let targets = [
        ("POST", "/TPNS/api/device/register"), ("POST", "/api/pushnotifications"),
        ("PUT", "/TPNS/api/application/k/device/d/unregister"), ("POST", "/api/v2/apps/a/devices/register"),
        ("POST", "/api/v2/apps/a/notifications"), ("POST", "/api/v2/apps/a/devices/x/set_custom_property"),
        ("POST", "/api/v2/apps/a/devices/x/report_statistics"),
        ("GET", "/api/v2/apps/a/devices/x/inbox?page=-1&per_page=x"),
        ("DELETE", "/api/v2/apps/a/notifications/1"), ("PATCH", "/api/v2/apps/a/devices"), ("GET", "/%ZZ//..//"),
    ]

    func test_engine_answersJSONAndJournalsEverything_whenFedMutatedBodies() throws {
        var generator = SplitMix64(seed: 20_261_130)
        let fake = PushFake()
        var sent = 0
        for round in 0..<3000 {
            var body = Array(seeds[round % seeds.count].utf8)
            for _ in 0..<Int(generator.next() % 6) {
                switch generator.next() % 4 {
                case 0 where !body.isEmpty:
                    body[Int(generator.next() % UInt64(body.count))] = UInt8(generator.next() % 256)
                case 1 where !body.isEmpty: body.remove(at: Int(generator.next() % UInt64(body.count)))
                case 2:
                    body.insert(
                        Array(#"{}[]",:0-e"\"#.utf8)[Int(generator.next() % 11)],
                        at: Int(generator.next() % UInt64(body.count + 1)))
                default: body = Array(body.prefix(Int(generator.next() % UInt64(body.count + 1))))
                }
            }
            let (method, target) = targets[Int(generator.next() % UInt64(targets.count))]
            let exchange = fake.handle(FakeRequest(method: method, target: target, body: body))
            sent += 1
            XCTAssertNotNil(
                exchange.response.json,
                "\(method) \(target) answered non-JSON for \(String(decoding: body, as: UTF8.self))")
            XCTAssertTrue((200...599).contains(exchange.response.status))
        }
        XCTAssertEqual(fake.journal.count, sent)
        XCTAssertEqual(fake.journal.entries.map(\.sequence), Array(1...sent))
    }

    func test_jsonParser_neverCrashes_whenFedRandomBytes() {
        var generator = SplitMix64(seed: 7)
        var accepted = 0
        for _ in 0..<20_000 {
            let count = Int(generator.next() % 24)
            let alphabet = Array(#"{}[]",:0123456789.eE+-truefalsn \u\"#.utf8)
            let bytes = (0..<count).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] }
            if let value = try? JSON.parse(bytes) {
                accepted += 1
                XCTAssertEqual(
                    try? JSON.parse(value.serialized()), value,
                    "round trip of \(String(decoding: bytes, as: UTF8.self))")
            }
        }
        XCTAssertGreaterThan(accepted, 0)
    }
}

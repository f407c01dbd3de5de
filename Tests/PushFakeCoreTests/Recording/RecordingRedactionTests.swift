import PushFakeCore
import PushFakeTestSupport
import XCTest

/// Secrets never reach a recording: the JSON Lines and HAR exports replace them by stable placeholders, while the
/// in-memory journal keeps the real values.
final class RecordingRedactionTests: XCTestCase {
    private let register = #"{"udid":"u1","platform":"ios","push_token":"aa"}"#
    private let create = #"{"broadcast":true,"alert":"Hi"}"#

    /// Register with token A, create with creator C and Authorization, register with token B, register with A.
    private func twinPushTraffic() -> PushFake {
        let fake = PushFake()
        fake.send(
            "POST", "/api/v2/apps/app1/devices/register", json: register,
            headers: ["Content-Type": "application/json", "X-TwinPush-REST-API-Token": "token-a"])
        fake.send(
            "POST", "/api/v2/apps/app1/notifications", json: create,
            headers: ["X-TwinPush-REST-API-Key-Creator": "creator-c", "Authorization": "Bearer abc.def"])
        fake.send(
            "POST", "/api/v2/apps/app1/devices/register", json: register,
            headers: ["X-TwinPush-REST-API-Token": "token-b"])
        fake.send(
            "POST", "/api/v2/apps/app1/devices/register", json: register,
            headers: ["x-twinpush-rest-api-token": "token-a"])
        return fake
    }

    func test_jsonLines_replaceTokensAndAuthorization_withStablePlaceholdersInOrderOfFirstAppearance() throws {
        // GIVEN traffic with two API tokens, a creator token and an Authorization header
        let fake = twinPushTraffic()
        // WHEN the journal is exported as JSON Lines
        let text = fake.journal.jsonLines()
        // THEN no secret is in the text, and each distinct value has its own placeholder
        for secret in ["token-a", "token-b", "creator-c", "abc.def"] { XCTAssertFalse(text.contains(secret), secret) }
        let lines = RecordingComparison.lines(ofJSONLines: text)
        func header(_ line: Int, _ name: String) -> String? {
            lines[line]["request"]?["headers"]?.arrayValue?.first { $0[0]?.stringValue?.lowercased() == name }?[1]?
                .stringValue
        }
        XCTAssertEqual(header(0, "x-twinpush-rest-api-token"), "${secret:twinpush-api-token}")
        XCTAssertEqual(header(1, "x-twinpush-rest-api-key-creator"), "${secret:twinpush-creator-token}")
        XCTAssertEqual(header(1, "authorization"), "${secret:authorization}")
        XCTAssertEqual(header(2, "x-twinpush-rest-api-token"), "${secret:twinpush-api-token-2}")
        XCTAssertEqual(header(3, "x-twinpush-rest-api-token"), "${secret:twinpush-api-token}")
        // AND the in-memory journal and its JSON objects keep the real values
        XCTAssertEqual(fake.journal.entries[0].request.headers["X-TwinPush-REST-API-Token"], "token-a")
        XCTAssertEqual(
            fake.journal.entries[0].jsonValue["request"]?["headers"]?[1]?[1], "token-a")
    }

    func test_har_redactsLikeJSONLines_andNamesTheRouteTemplate() throws {
        let fake = twinPushTraffic()
        let har = fake.journal.har()
        let text = har.serializedString()
        for secret in ["token-a", "token-b", "creator-c", "abc.def"] { XCTAssertFalse(text.contains(secret), secret) }
        let entries = try XCTUnwrap(har["log"]?["entries"]?.arrayValue)
        let third = entries[2]["request"]?["headers"]?.arrayValue?.first {
            $0["name"]?.stringValue?.lowercased() == "x-twinpush-rest-api-token"
        }
        XCTAssertEqual(third?["value"], "${secret:twinpush-api-token-2}")
        XCTAssertEqual(entries[0]["_pushfake"]?["route"], "/api/v2/apps/{app}/devices/register")
    }

    func test_jsonLine_ofOneEntry_isRedactedOnItsOwn() throws {
        let fake = twinPushTraffic()
        let line = try JSON.parse(fake.journal.entries[2].jsonLine)
        XCTAssertEqual(line["request"]?["headers"]?[0]?[1], "${secret:twinpush-api-token}")
    }

    func test_tpnsAppKeys_stayByDefault_andAreRedactedEverywhere_withTheOption() throws {
        // GIVEN a TPNS register, a send and an unregister for app key APPKEY
        let fake = PushFake()
        fake.tpnsRegister(deviceId: "D1", appKey: "APPKEY")
        fake.send(
            "POST", "/TPNS/api/pushnotifications",
            json: #"[{"message":"m","handlingLevel":1,"applicationKey":"APPKEY","applicationTypes":["IOS_SAND"]}]"#)
        fake.tpnsUnregister(deviceId: "D1", appKey: "APPKEY")
        // WHEN exported without and with the option
        let plain = fake.journal.jsonLines()
        let redacted = fake.journal.jsonLines(redaction: RecordingRedaction(redactAppKeys: true))
        // THEN only the second hides the key: body, parsed json, path, app, params and notes
        XCTAssertTrue(plain.contains("APPKEY"))
        XCTAssertFalse(redacted.contains("APPKEY"), redacted)
        let lines = RecordingComparison.lines(ofJSONLines: redacted)
        XCTAssertEqual(lines[0]["request"]?["json"]?["applicationKey"], "${secret:tpns-app-key}")
        XCTAssertEqual(lines[0]["app"], "${secret:tpns-app-key}")
        XCTAssertEqual(lines[1]["request"]?["json"]?[0]?["applicationKey"], "${secret:tpns-app-key}")
        XCTAssertEqual(
            lines[2]["request"]?["path"], "/TPNS/api/application/${secret:tpns-app-key}/device/D1/unregister")
        XCTAssertEqual(lines[2]["params"]?["appKey"], "${secret:tpns-app-key}")
        XCTAssertEqual(lines[0]["notes"]?[0], "application key ${secret:tpns-app-key} auto-provisioned")
        XCTAssertEqual(lines[0]["device"], "D1")
    }

    func test_redactor_replacesOnlyWholeWords_andReportsItsPlaceholders() {
        // GIVEN a token that is also part of a longer word in the body
        let fake = PushFake()
        fake.send(
            "POST", "/api/v2/apps/app1/devices/register",
            json: #"{"udid":"tok","platform":"ios","alias_device":"tokens"}"#,
            headers: ["X-TwinPush-REST-API-Token": "tok"])
        var redactor = RecordingRedactor()
        let entry = redactor.redact(fake.journal.entries[0])
        let body = String(decoding: entry.request.body, as: UTF8.self)
        XCTAssertEqual(body, #"{"udid":"${secret:twinpush-api-token}","platform":"ios","alias_device":"tokens"}"#)
        XCTAssertEqual(redactor.placeholders.map(\.name), ["twinpush-api-token"])
        XCTAssertEqual(redactor.placeholders.map(\.value), ["tok"])
    }

    func test_secretPlaceholder_findsSubstitutesAndNamesEnvironmentVariables() {
        let text = "a ${secret:x-1} b ${secret:Bad} ${secret:y} ${secret:x-1} ${secret:"
        XCTAssertEqual(SecretPlaceholder.names(in: text), ["x-1", "y"])
        XCTAssertEqual(
            SecretPlaceholder.substitute(in: text, values: ["x-1": "X", "y": "Y"]),
            "a X b ${secret:Bad} Y X ${secret:")
        XCTAssertEqual(
            SecretPlaceholder.environmentVariable("twinpush-api-token"), "PUSHFAKE_SECRET_TWINPUSH_API_TOKEN")
    }
}

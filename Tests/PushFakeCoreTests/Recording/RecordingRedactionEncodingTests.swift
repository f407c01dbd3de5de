import PushFakeCore
import PushFakeTestSupport
import XCTest

/// Secrets are found however a client wrote them — JSON-escaped, percent-encoded, escaped twice — and in every
/// credential header; a journal numbers them once for all its exports (RecordingFormat.md, "Secrets and placeholders").
final class RecordingRedactionEncodingTests: XCTestCase {
    private let token = "tok/+=1"

    private func unmatched(_ target: String, body: String, headers: HTTPHeaders) -> PushFake {
        let fake = PushFake()
        fake.send("POST", target, json: body, headers: headers)
        return fake
    }

    func test_redactor_replacesJSONEscapedForms_soTheParsedJSONHidesThemToo() throws {
        // GIVEN a token written in a body as PHP writes it (`\/`), with \u escapes, and half escaped
        let body = #"{"a":"tok\/+=1","b":"\u0074\u006f\u006b\u002f\u002b\u003d\u0031","c":"to\u006b/+=1","d":"tokens"}"#
        let fake = unmatched(
            "/api/v2/apps/app1/things", body: body, headers: ["X-TwinPush-REST-API-Token": token])
        // WHEN exported
        let line = try XCTUnwrap(RecordingComparison.lines(ofJSONLines: fake.journal.jsonLines()).first)
        // THEN every form is a placeholder, in the raw body and in the parsed json, and other words are kept
        let json = try XCTUnwrap(line["request"]?["json"])
        for key in ["a", "b", "c"] { XCTAssertEqual(json[key], "${secret:twinpush-api-token}", key) }
        XCTAssertEqual(json["d"], "tokens")
        XCTAssertFalse(line["request"]?["body"]?.stringValue?.contains("tok\\/") ?? true)
    }

    func test_redactor_replacesPercentEncodedForms_inQueryAndPath() throws {
        // GIVEN the token percent-encoded in the path and the query, in upper and lower case hex, and doubly
        let fake = unmatched(
            "/api/v2/apps/app1/devices/tok%2F%2B%3D1/x?api_token=tok%2f%2b%3d1&other=tok%252F%252B%253D1&n=tokens",
            body: "", headers: ["X-TwinPush-REST-API-Token": token])
        let line = try XCTUnwrap(RecordingComparison.lines(ofJSONLines: fake.journal.jsonLines()).first)
        let placeholder = "${secret:twinpush-api-token}"
        XCTAssertEqual(line["request"]?["path"]?.stringValue, "/api/v2/apps/app1/devices/\(placeholder)/x")
        XCTAssertEqual(
            line["request"]?["query"]?.stringValue, "api_token=\(placeholder)&other=\(placeholder)&n=tokens")
        // AND the HAR's decoded query items show the placeholder
        let har = fake.journal.har().serializedString()
        XCTAssertFalse(har.contains("tok/+=1") || har.contains("tok%2F") || har.contains("tok\\/"), har)
    }

    func test_redactor_findsNonASCIISecrets_escapedAsUTF16_orPercentEncodedUTF8() throws {
        let creator = "cré-😀-tor"
        let body = #"{"a":"cr\u00e9-\ud83d\ude00-tor","b":"cr\u00E9-😀-tor"}"#
        let fake = unmatched(
            "/x?c=cr%C3%A9-%F0%9F%98%80-tor", body: body, headers: ["X-TwinPush-REST-API-Key-Creator": creator])
        let text = fake.journal.jsonLines()
        let line = try XCTUnwrap(RecordingComparison.lines(ofJSONLines: text).first)
        XCTAssertEqual(line["request"]?["json"]?["a"], "${secret:twinpush-creator-token}")
        XCTAssertEqual(line["request"]?["json"]?["b"], "${secret:twinpush-creator-token}")
        XCTAssertEqual(line["request"]?["query"], "c=${secret:twinpush-creator-token}")
    }

    func test_redactor_hidesProxyAuthorizationCookieAndSetCookie_andBearerCredentialsElsewhere() throws {
        // GIVEN credentials in every header that carries one, the bearer token repeated in the query and body
        let request = FakeRequest(
            method: "POST", target: "/x?access_token=abc.def-ghi",
            headers: [
                "Authorization": "Bearer abc.def-ghi", "Proxy-Authorization": "Basic cHJveHk6cGFzcw==",
                "Cookie": "session=c00kie; lang=en",
            ],
            body: Array(#"{"t":"abc.def-ghi"}"#.utf8))
        let fake = PushFake()
        _ = fake.handle(request)
        let original = try XCTUnwrap(fake.journal.entries.first)
        // AND an answer that sets a cookie (an upstream's, say)
        var response = original.response
        response.headers.add(name: "Set-Cookie", value: "session=n3w; HttpOnly")
        let entry = JournalEntry(
            sequence: 1, time: original.time, request: original.request, route: nil, vendor: nil, app: nil,
            device: nil, fault: nil, response: response, outcome: .responded, delay: 0, deliveryIDs: [], notes: [])
        // WHEN redacted
        var redactor = RecordingRedactor()
        let line = redactor.redact(entry).jsonValue
        // THEN no credential is left, each with its own placeholder
        let text = line.serializedString()
        for secret in ["abc.def-ghi", "cHJveHk6cGFzcw", "c00kie", "n3w"] {
            XCTAssertFalse(text.contains(secret), secret)
        }
        func header(_ side: String, _ name: String) -> String? {
            line[side]?["headers"]?.arrayValue?.first { $0[0]?.stringValue == name }?[1]?.stringValue
        }
        XCTAssertEqual(header("request", "Authorization"), "${secret:authorization}")
        XCTAssertEqual(header("request", "Proxy-Authorization"), "${secret:proxy-authorization}")
        XCTAssertEqual(header("request", "Cookie"), "${secret:cookie}")
        XCTAssertEqual(header("response", "Set-Cookie"), "${secret:set-cookie}")
        XCTAssertEqual(line["request"]?["query"], "access_token=${secret:authorization-credentials}")
        XCTAssertEqual(line["request"]?["json"]?["t"], "${secret:authorization-credentials}")
    }

    func test_redactor_replacesSecretsInBodiesThatAreNotUTF8() throws {
        var body = Array("k=tok%2F%2B%3D1&z=".utf8)
        body.append(0xFF)
        let fake = PushFake()
        _ = fake.handle(
            FakeRequest(method: "POST", target: "/x", headers: ["X-TwinPush-REST-API-Token": token], body: body))
        let line = try XCTUnwrap(RecordingComparison.lines(ofJSONLines: fake.journal.jsonLines()).first)
        let base64 = try XCTUnwrap(line["request"]?["bodyBase64"]?.stringValue)
        let redacted = String(decoding: try XCTUnwrap(Data(base64Encoded: base64)), as: UTF8.self)
        XCTAssertTrue(redacted.hasPrefix("k=${secret:twinpush-api-token}&z="), redacted)
    }

    func test_journalExports_numberSecretsAsTheJournalDoes_whateverTheyFilter() throws {
        // GIVEN token A in entry 1, token B in entry 2 and A again in entry 3
        let fake = PushFake()
        for value in ["token-a", "token-b", "token-a"] {
            fake.send("GET", "/api/v2/apps/app1/devices", headers: ["X-TwinPush-REST-API-Token": value])
        }
        let journal = fake.journal
        // WHEN only entries 2 and 3 are exported, as JSON Lines and HAR
        let lines = RecordingComparison.lines(ofJSONLines: journal.jsonLines(of: Array(journal.entries.dropFirst())))
        let har = journal.har(of: Array(journal.entries.dropFirst()))
        // THEN B is still the second token and A the first, as in the export of the whole journal
        let whole = RecordingComparison.lines(ofJSONLines: journal.jsonLines())
        XCTAssertEqual(lines, Array(whole.dropFirst()))
        XCTAssertEqual(lines[0]["request"]?["headers"]?[0]?[1], "${secret:twinpush-api-token-2}")
        XCTAssertEqual(
            har["log"]?["entries"]?[1]?["request"]?["headers"]?[0]?["value"], "${secret:twinpush-api-token}")
        // AND a cleared journal starts a new numbering
        fake.clearJournal()
        fake.send("GET", "/api/v2/apps/app1/devices", headers: ["X-TwinPush-REST-API-Token": "token-b"])
        let after = RecordingComparison.lines(ofJSONLines: fake.journal.jsonLines())
        XCTAssertEqual(after[0]["request"]?["headers"]?[0]?[1], "${secret:twinpush-api-token}")
    }

    func test_redactTarget_ofALogLine_hidesCredentialsAndWithTheOptionAppKeys() {
        let request = FakeRequest(
            method: "PUT", target: "/TPNS/api/application/app%2Fkey/device/D1/unregister?t=tok%2F%2B%3D1",
            headers: ["X-TwinPush-REST-API-Token": token])
        var standard = RecordingRedactor()
        XCTAssertEqual(
            standard.redact(target: request.target, of: request),
            "/TPNS/api/application/app%2Fkey/device/D1/unregister?t=${secret:twinpush-api-token}")
        var withKeys = RecordingRedactor(RecordingRedaction(redactAppKeys: true))
        XCTAssertEqual(
            withKeys.redact(target: request.target, of: request),
            "/TPNS/api/application/${secret:tpns-app-key}/device/D1/unregister?t=${secret:twinpush-api-token}")
    }

    func test_redactor_staysLinear_onAHostileTokenAndBody() {
        // A token of 4,000 'a's and a 400 KB body of 'a's: a naive search would compare 1.6 billion bytes.
        let secret = String(repeating: "a", count: 4_000) + "b"
        let body = "\"" + String(repeating: "a", count: 400_000) + "\\u0061\""
        let fake = unmatched("/x", body: body, headers: ["X-TwinPush-REST-API-Token": secret])
        let started = Date()
        _ = fake.journal.jsonLines()
        // Generous: a linear scan takes milliseconds, a quadratic one minutes.
        XCTAssertLessThan(Date().timeIntervalSince(started), 30)
    }
}

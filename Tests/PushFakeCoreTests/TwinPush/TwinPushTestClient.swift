import PushFakeCore
import PushFakeTestSupport
import XCTest

/// One answer of the fake, with its body parsed.
struct TwinPushReply {
    let response: FakeResponse

    var status: Int { response.status }
    var json: JSON { response.json ?? .null }
    var text: String { String(decoding: response.body, as: UTF8.self) }
    var errorType: String? { json["errors"]?["type"]?.stringValue }
}

/// Drives a `PushFake` with TwinPush requests the way the SDKs and a backend send them.
struct TwinPushTestClient {
    static let app = TestApps.twinPush.id
    static let apiToken = TestApps.twinPush.apiToken
    static let creatorToken = TestApps.twinPush.creatorToken

    let fake: PushFake
    var app = TwinPushTestClient.app

    /// iOS sends `Content-Type: application/json` and `Accept` on every request (TwinPushWireProtocol.md §2).
    static let iosHeaders: HTTPHeaders = ["Content-Type": "application/json", "Accept": "application/json"]
    /// Android (Volley) sends `Content-Type` with a charset, only on POST.
    static let androidHeaders: HTTPHeaders = ["Content-Type": "application/json; charset=utf-8"]

    /// A fake with one declared app and its two tokens.
    static func strict(seed: UInt64 = 0) -> TwinPushTestClient {
        TwinPushTestClient(fake: PushFake(PushFakeConfiguration(seed: seed, twinPushApps: [TestApps.twinPush])))
    }

    @discardableResult
    func send(_ method: String, _ target: String, _ body: String? = nil, headers: HTTPHeaders = [:]) -> TwinPushReply {
        let request = FakeRequest(method: method, target: target, headers: headers, body: Array((body ?? "").utf8))
        return TwinPushReply(response: fake.handle(request).response)
    }

    /// `/api/v2/apps/{app}` + suffix.
    func path(_ suffix: String) -> String { "/api/v2/apps/\(app)" + suffix }

    func devicePath(_ device: String, _ suffix: String) -> String { path("/devices/\(device)" + suffix) }

    /// Registers like iOS 4.0.0 and returns the device id.
    @discardableResult
    func registerIOS(
        udid: String = "E621E1F8-C36C-495A-93FC-0C247A3E6E5F", alias: String? = nil,
        token: String? = "5C1D2A3B4C5D6E7F", file: StaticString = #filePath, line: UInt = #line
    ) -> String {
        var fields = [#""udid":"\#(udid)""#, #""platform":"ios""#]
        if let token { fields.append(#""push_token":"\#(token)""#) }
        if let alias { fields.append(#""alias_device":"\#(alias)""#) }
        fields += [#""app_version":"1.0""#, #""sdk_version":"4.0.0""#, #""os_version":"13.3""#, #""os_name":"iOS""#]
        var headers = Self.iosHeaders
        headers.add(name: "X-TwinPush-REST-API-Token", value: Self.apiToken)
        let reply = send("POST", path("/devices/register"), "{" + fields.joined(separator: ",") + "}", headers: headers)
        XCTAssertEqual(reply.status, 200, reply.text, file: file, line: line)
        return reply.json["objects"]?[0]?["id"]?.stringValue ?? ""
    }

    /// Registers like Android 3.8.5 and returns the device id.
    @discardableResult
    func registerAndroid(
        udid: String = "9774d56d682e549c", alias: String? = nil, token: String? = "fcm-token-1",
        platform: String = "android", file: StaticString = #filePath, line: UInt = #line
    ) -> String {
        var fields = [#""udid":"\#(udid)""#, #""platform":"\#(platform)""#, #""os_version_code":33"#]
        if let token { fields.append(#""push_token":"\#(token)""#) }
        if let alias { fields.append(#""alias_device":"\#(alias)""#) }
        fields += [#""app_version":"2.1""#, #""sdk_version":"3.8.5""#, #""os_version":"13""#]
        var headers = Self.androidHeaders
        headers.add(name: "X-TwinPush-REST-API-Token", value: Self.apiToken)
        let reply = send("POST", path("/devices/register"), "{" + fields.joined(separator: ",") + "}", headers: headers)
        XCTAssertEqual(reply.status, 200, reply.text, file: file, line: line)
        return reply.json["objects"]?[0]?["id"]?.stringValue ?? ""
    }

    /// `POST /apps/{app}/notifications` with the creator token.
    @discardableResult
    func create(_ body: String) -> TwinPushReply {
        send(
            "POST", path("/notifications"), body,
            headers: ["X-TwinPush-REST-API-Key-Creator": Self.creatorToken, "Content-Type": "application/json"])
    }

    /// Creates a notification and returns its id, failing the test on an error.
    func notify(_ body: String, file: StaticString = #filePath, line: UInt = #line) -> String {
        let reply = create(body)
        XCTAssertEqual(reply.status, 200, reply.text, file: file, line: line)
        return reply.json["objects"]?[0]?["id"]?.stringValue ?? ""
    }

    /// A backend read with the API token.
    func backend(_ method: String, _ target: String, _ body: String? = nil) -> TwinPushReply {
        send(method, target, body, headers: ["X-TwinPush-REST-API-Token": Self.apiToken])
    }
}

/// Asserts a TwinPush error: status and `{"errors":{"type":…,"message":<non-empty string>}}`.
func assertTwinPushError(
    _ reply: TwinPushReply, _ status: Int, _ type: String, file: StaticString = #filePath, line: UInt = #line
) {
    XCTAssertEqual(reply.status, status, reply.text, file: file, line: line)
    XCTAssertEqual(reply.errorType, type, reply.text, file: file, line: line)
    XCTAssertFalse(reply.json["errors"]?["message"]?.stringValue?.isEmpty ?? true, reply.text, file: file, line: line)
}
